import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Logging

/// Survey files built into a radio map, as `fingerpost ingest` and the service's map builds do.
public struct Ingest: Sendable {
  /// The survey files, by path.
  public var surveys: [String]
  /// The IMDF venue the surveys were made in; without it, levels come from the surveys' labels.
  public var venuePath: String?
  /// The map's grid cell, metres.
  public var grid = 1.0
  /// Correlation length of the residual interpolation, metres.
  public var lengthScale = 3.0

  static let logger = Logger(label: "fingerpost.ingest")

  /// An ingest of `surveys` (paths) on the venue at `venuePath`, if any.
  public init(surveys: [String], venuePath: String? = nil) {
    self.surveys = surveys
    self.venuePath = venuePath
  }

  /// What an ingest made: the map, the builder's counts, and warnings for people.
  public struct Result: Sendable {
    /// The radio map.
    public let map: RadioMap
    /// How many scans were used and why others were not.
    public let report: RadioMapBuilder.Report
    /// Dropped readings, skipped lines and scans left out, in words.
    public let warnings: [String]
  }

  /// Reads the surveys and builds the map; `progress` hears (levels done, levels in all).
  public func run(progress: (Int, Int) -> Void = { _, _ in }) throws(FingerpostError) -> Result {
    let start = Date()
    var files: [(name: String, survey: SurveyFile)] = []
    var warnings: [String] = []
    for path in surveys {
      let survey = try SurveyFile(contentsOf: URL(fileURLWithPath: path))
      if !survey.problems.isEmpty {
        let skipped = survey.problems.filter(\.skippedLine).count
        warnings.append(
          "\(survey.problems.count - skipped) reading(s) dropped, \(skipped) line(s) skipped; first: \(survey.problems[0])"
        )
      }
      files.append((URL(fileURLWithPath: path).lastPathComponent, survey))
    }
    Self.logger.info(
      "surveys read",
      metadata: [
        "seconds": "\(Date().timeIntervalSince(start).formatted(decimals: 2))",
        "scans": "\(files.reduce(0) { $0 + $1.survey.records.count })",
      ])
    var plans: FloorPlanSet?
    if let venuePath { plans = try FloorPlanSet(venueAt: venuePath) }
    var builder = RadioMapBuilder()
    builder.spacing = grid
    builder.lengthScale = lengthScale
    let (map, report) = builder.build(surveys: files, plans: plans, progress: progress)
    if report.unknownLevel > 0 {
      warnings.append("\(report.unknownLevel) scan(s) name no level of the venue; skipped")
    }
    if report.outsideVenue > 0 {
      warnings.append("\(report.outsideVenue) scan(s) lie outside walkable space; skipped")
    }
    if report.noPosition > 0 {
      warnings.append("\(report.noPosition) scan(s) have no position; skipped")
    }
    Self.logger.info(
      "radio map built",
      metadata: [
        "seconds": "\(Date().timeIntervalSince(start).formatted(decimals: 2))",
        "levels": "\(map.levels.count)", "scans": "\(report.used)",
      ])
    return Result(map: map, report: report, warnings: warnings)
  }
}
