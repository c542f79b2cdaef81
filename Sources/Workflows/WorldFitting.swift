import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import JSON
import Radio

/// A radio world fitted to survey files on an IMDF venue, as `fingerpost world fit` makes it:
/// the surveys read and placed on the venue's floors, `WorldFit` run, and the world file and
/// the estimated APs' GeoJSON written.
public struct WorldFitting: Sendable {
  /// The survey files, by path.
  public var surveys: [String]
  /// The IMDF venue (folder or zip).
  public var venuePath: String
  /// A CSV of surveyed AP positions (`KnownAccessPoints`), if any.
  public var accessPointsPath: String?
  /// How the fit pools, holds out and searches.
  public var settings = WorldFit.Settings()

  /// A fitting of `surveys` on the venue at `venuePath`.
  public init(surveys: [String], venuePath: String) {
    self.surveys = surveys
    self.venuePath = venuePath
  }

  /// What a fitting made.
  public struct Result: Sendable {
    /// The fit.
    public let fit: WorldFit
    /// The venue's floor plans.
    public let plans: FloorPlanSet
    /// Scans used, and scans skipped (no floor of the venue or no position).
    public let scans: Int, skipped: Int
    /// Radios whose scans gave no frequency (taken as 2.4 GHz).
    public let noFrequency: Int
    /// Skipped lines and dropped readings of the surveys, in words.
    public let warnings: [String]
  }

  /// Reads the surveys and the venue and fits the world.
  public func run() throws(FingerpostError) -> Result {
    let plans = try FloorPlanSet(venueAt: venuePath)
    let known = try accessPointsPath.map { path throws(FingerpostError) in
      try KnownAccessPoints(contentsOf: path, plans: plans)
    }
    var index: [String: Int] = [:]
    var frequencies: [[Int: Int]] = []
    var samples: [WorldFit.Sample] = []
    var skipped = 0
    var warnings: [String] = []
    // A walk: one device's scans in one file, none more than a minute after the one before.
    var walks = 0
    var last: (device: String, time: Double)?
    for path in surveys {
      last = nil
      let survey = try SurveyFile(contentsOf: URL(fileURLWithPath: path))
      if let problem = survey.problems.first {
        warnings.append("\(survey.problems.count) problem(s) in \(path); first: \(problem)")
      }
      let surveyFrame = survey.header?.origin.map(LocalFrame.init(origin:))
      for record in survey.records {
        guard let floor = record.floor(in: plans),
          let point = record.point(in: plans.frame, surveyFrame: surveyFrame)
        else {
          skipped += 1
          continue
        }
        let readings = record.scan.readings.map { reading -> (radio: Int, rssi: Double) in
          let r =
            index[reading.bssid]
            ?? {
              index[reading.bssid] = frequencies.count
              frequencies.append([:])
              return frequencies.count - 1
            }()
          if let f = reading.frequency { frequencies[r][f, default: 0] += 1 }
          return (r, reading.rssi)
        }
        let time = record.scan.time
        let sameWalk =
          last.map { $0.device == record.scan.device && (0...60).contains(time - $0.time) }
          ?? false
        if !sameWalk { walks += 1 }
        last = (record.scan.device, time)
        samples.append(
          WorldFit.Sample(
            floor: floor, point: point, time: time, readings: readings, walk: walks - 1))
      }
    }
    guard !samples.isEmpty else {
      let why = warnings.first.map { " (\($0))" } ?? ""
      throw FingerpostError(
        .invalidValue, file: surveys.first,
        "no scan of the surveys lies on a level of the venue\(why)")
    }
    var radios = [WorldFit.Radio?](repeating: nil, count: frequencies.count)
    var noFrequency = 0
    for (bssid, r) in index {
      let frequency = frequencies[r].max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
      if frequency == nil { noFrequency += 1 }
      radios[r] = WorldFit.Radio(
        bssid: bssid, band: frequency.map(Band.init(frequency:)) ?? .ghz2_4, frequency: frequency,
        known: known?.positions[bssid])
    }
    let fit: WorldFit
    do {
      fit = try WorldFit(
        plans: plans, radios: radios.map { $0! }, samples: samples, settings: settings)
    } catch {
      throw FingerpostError(.invalidValue, "the fit's random generator failed: \(error)")
    }
    return Result(
      fit: fit, plans: plans, scans: samples.count, skipped: skipped, noFrequency: noFrequency,
      warnings: warnings)
  }

  /// The world file of `result`, its venue written relative to the folder of `output`.
  public func worldFile(_ result: Result, output: String) -> String {
    let folder = URL(fileURLWithPath: output).deletingLastPathComponent().standardizedFileURL
    let venue = URL(fileURLWithPath: venuePath).standardizedFileURL
    let relative = Self.relativePath(venue.path, from: folder.path)
    let fit = result.fit
    let fittedKeys = fit.fitted.sorted().joined(separator: ", ")
    return WorldFile.text(
      venue: relative, seed: settings.seed, model: fit.model,
      accessPoints: fit.placed.map(\.accessPoint), plans: result.plans,
      surveys: surveys.map {
        Self.relativePath(URL(fileURLWithPath: $0).standardizedFileURL.path, from: folder.path)
      },
      comments: [
        "fitted by fingerpost world fit from \(surveys.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", "))",
        "fitted from the survey: \(fittedKeys); the rest are defaults",
        fit.heldOut.readings > 0
          ? "held-out RSSI error: RMS \(fit.heldOut.rms.formatted(decimals: 1)) dB, p90 \(fit.heldOut.p90.formatted(decimals: 1)) dB over \(fit.heldOut.readings) readings"
          : "no held-out readings: the survey is too small to measure the fit",
        "\(fit.placed.count) APs placed, \(fit.unplaced.count) heard in too few cells to place",
      ])
  }

  /// The estimated APs as GeoJSON points (WGS84) with their level, power and misfit.
  public static func geojson(_ result: Result) throws(FingerpostError) -> Data {
    let features = result.fit.placed.map { placed -> JSONValue in
      let ap = placed.accessPoint
      let c = result.plans.frame.coordinate(for: ap.position)
      let plan = result.plans[ap.floor]
      return .object([
        "type": "Feature",
        "geometry": .object([
          "type": "Point",
          "coordinates": .array(c.geoJSONPosition.map(JSONValue.number)),
        ]),
        "properties": .object([
          "bssid": .string(ap.bssid), "level_id": .string(plan.levelID),
          "ordinal": .number(Double(plan.ordinal)),
          "x": .number((ap.position.x * 100).rounded() / 100),
          "y": .number((ap.position.y * 100).rounded() / 100), "band": .string(ap.band.rawValue),
          "reference_power_dbm": .number((ap.referencePower * 100).rounded() / 100),
          "cells": .number(Double(placed.cells)),
          "rms_db": placed.rms.isFinite ? .number((placed.rms * 100).rounded() / 100) : .null,
          "given": .bool(placed.given),
        ]),
      ])
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(
        JSONValue.object(["type": "FeatureCollection", "features": .array(features)]))
        + Data("\n".utf8)
    } catch {
      throw FingerpostError(.invalidValue, "the APs cannot be encoded (\(error))")
    }
  }

  /// `path` relative to the folder `base` (both absolute and standardized).
  static func relativePath(_ path: String, from base: String) -> String {
    let target = path.split(separator: "/")
    let from = base.split(separator: "/")
    var common = 0
    while common < min(target.count, from.count), target[common] == from[common] { common += 1 }
    let up = Array(repeating: "..", count: from.count - common)
    let parts = up + target[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
