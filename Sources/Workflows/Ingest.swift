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
  /// The memory the ingest may use, bytes (default: what the machine has available now).
  public var memoryLimit = ProcessUsage.availableMemory
  /// What the memory refusal tells its reader to do instead (the command line's options by
  /// default; the service names its own).
  public var remedy =
    "a coarser --grid (twice the size: a quarter of the cells) or fewer surveys at once need less"

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
    var plans: FloorPlanSet?
    if let venuePath { plans = try FloorPlanSet(venueAt: venuePath) }
    let surveyBytes = surveys.reduce(0) { total, path in
      total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
    }
    try checkMemory(surveyBytes: surveyBytes, plans: plans)
    var files: [(name: String, survey: SurveyFile)] = []
    for path in surveys {
      let survey = try SurveyFile(contentsOf: URL(fileURLWithPath: path))
      files.append((URL(fileURLWithPath: path).lastPathComponent, survey))
    }
    Self.logger.info(
      "surveys read",
      metadata: [
        "seconds": "\(Date().timeIntervalSince(start).formatted(decimals: 2))",
        "scans": "\(files.reduce(0) { $0 + $1.survey.records.count })",
      ])
    return build(files, plans: plans, progress: progress)
  }

  /// Builds the map of surveys already read (as the service holds them) on `plans`, if any,
  /// after the same memory check as `run`: `surveyBytes` is the size of their text.
  public func build(
    surveys files: [(name: String, survey: SurveyFile)], plans: FloorPlanSet?, surveyBytes: Int,
    progress: (Int, Int) -> Void = { _, _ in }
  ) throws(FingerpostError) -> Result {
    try checkMemory(surveyBytes: surveyBytes, plans: plans)
    return build(files, plans: plans, progress: progress)
  }

  /// The map of `files` on `plans`, with the warnings people need.
  func build(
    _ read: [(name: String, survey: SurveyFile)], plans: FloorPlanSet?,
    progress: (Int, Int) -> Void
  ) -> Result {
    let start = Date()
    var files = read
    var warnings: [String] = []
    for (_, survey) in files where !survey.problems.isEmpty {
      let skipped = survey.problems.filter(\.skippedLine).count
      warnings.append(
        "\(survey.problems.count - skipped) reading(s) dropped, \(skipped) line(s) skipped; first: \(survey.problems[0])"
      )
    }
    var builder = RadioMapBuilder()
    builder.spacing = grid
    builder.lengthScale = lengthScale
    let (map, report) = builder.build(surveys: files, plans: plans, progress: progress)
    // Freeing the surveys' records (a heap string per reading) takes a while on a large survey:
    // another thread does it while the caller writes the map.
    let surveysRead = files
    files = []
    Thread.detachNewThread { withExtendedLifetime(surveysRead) {} }
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

  /// Bytes an ingest holds at its peak, about: the surveys in memory (ten times their files,
  /// as measured on the convention venue: 132 MB of survey, 1.26 GB peak) and per grid cell of
  /// the venue's levels 160 bytes (the builder's per-cell arrays, a sum per chunk of APs).
  public static func memoryEstimate(surveyBytes: Int, cells: Int) -> Int {
    10 * surveyBytes + 160 * cells
  }

  /// Refuses up front an ingest of `surveyBytes` of surveys that would need more than
  /// `memoryLimit`, with the estimate and what reduces it, rather than being killed by the
  /// kernel halfway.
  func checkMemory(surveyBytes: Int, plans: FloorPlanSet?) throws(FingerpostError) {
    let cells = (plans?.plans ?? []).reduce(0) { total, plan in
      guard let b = plan.walkableBounds else { return total }
      return total + Int((b.width / grid).rounded(.up) * (b.height / grid).rounded(.up))
    }
    let estimate = Self.memoryEstimate(surveyBytes: surveyBytes, cells: cells)
    guard estimate > memoryLimit else { return }
    func gigabytes(_ bytes: Int) -> String { (Double(bytes) / 1e9).formatted(decimals: 1) + " GB" }
    let need = gigabytes(estimate)
    let surveyed = gigabytes(surveyBytes)
    let millions = (Double(cells) / 1e6).formatted(decimals: 1)
    let available = gigabytes(memoryLimit)
    throw FingerpostError(
      .tooLarge, file: surveys.first,
      "this ingest needs about \(need) of memory (\(surveyed) of surveys, \(millions) million "
        + "cells of \(grid) m over the venue's levels) and \(available) is available; \(remedy)")
  }
}
