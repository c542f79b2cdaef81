import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import IMDF
import Localization
import Logging
import Simulation

/// A radio map loaded from where it comes from: a map file, or a survey ingested on a grid
/// (cached on disk by the survey's bytes). Either is refused when it belongs to another venue,
/// naming the source.
extension Scenario.RadioMapSource {
  static let logger = Logger(label: "fingerpost.radiomap")

  /// The scenario's radio map: its map file, or its survey ingested.
  public static func load(for scenario: Scenario, plans: FloorPlanSet) throws(FingerpostError)
    -> RadioMap
  {
    try scenario.radioMap.load(
      plans: plans, venue: Venue.identity(ofArchiveAt: scenario.venue.path),
      context: "\(scenario.file.path): radio_map")
  }

  /// The map for `plans` of venue `venue` (its name in messages); `context` names where the
  /// source was given (a file and key, or an option).
  public func load(plans: FloorPlanSet, venue: String, context: String) throws(FingerpostError)
    -> RadioMap
  {
    switch self {
    case .map(let url):
      return try Self.file(url.path, plans: plans, venue: venue, context: context)
    case .survey(let url, let grid):
      return try Self.survey(url.path, grid: grid, plans: plans, venue: venue, context: context)
    }
  }

  /// A radio map file, refused when none of its levels is a level of the venue.
  public static func file(_ path: String, plans: FloorPlanSet, venue: String, context: String)
    throws(FingerpostError) -> RadioMap
  {
    let map = try RadioMapFile.read(URL(fileURLWithPath: path))
    guard map.levels.contains(where: { plans.floor(of: $0) != nil }) else {
      let levels = map.levels.map { $0.levelID ?? "ordinal \($0.ordinal)" }
      throw FingerpostError(
        .mismatch, file: context,
        "radio map \(path) is for another venue: none of its levels "
          + "(\(levels.joined(separator: ", "))) is a level of venue '\(venue)'")
    }
    return map
  }

  /// A survey ingested on a `grid`-metre grid (cached by the survey's bytes), refused when its
  /// header names another venue or none of its scans lies in the venue.
  public static func survey(
    _ path: String, grid: Double, plans: FloorPlanSet, venue: String, context: String
  ) throws(FingerpostError) -> RadioMap {
    let bytes: Data
    do {
      bytes = try FileAccess.read(path)
    } catch {
      throw FingerpostError(error.kind, file: context, "survey \(error.description)")
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    // The venue is in the key: a cached map passed the checks below for this venue.
    let key =
      "\(String(hash, radix: 16))-\(grid)-\(venue)-\(plans.frame.origin.longitude)-v\(RadioMap.formatVersion)"
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpost-cache")
    let cached = cache.appendingPathComponent("\(key).fpmap")
    if let map = try? RadioMapFile.read(cached) {
      logger.debug("radio map of \(path) from the cache", metadata: ["file": "\(cached.path)"])
      return map
    }
    let survey = SurveyFile.parse(bytes, file: path)
    if let named = survey.header?.venue, named != venue {
      throw FingerpostError(
        .mismatch, file: context,
        "survey \(path) is for venue '\(named)', not '\(venue)' (its header says so)")
    }
    var builder = RadioMapBuilder()
    builder.spacing = grid
    let name = URL(fileURLWithPath: path).lastPathComponent
    let (map, statistics) = builder.build(surveys: [(name, survey)], plans: plans)
    guard statistics.used > 0 else {
      throw FingerpostError(
        .mismatch, file: context,
        "survey \(path) is for another venue: none of its scans lies in venue "
          + "'\(venue)' (\(statistics.unknownLevel) on unknown levels, "
          + "\(statistics.outsideVenue) outside)")
    }
    do {
      try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
      try RadioMapFile.write(map, to: cached)
    } catch {
      logger.warning("the radio map cache cannot be written: \(error)")
    }
    return map
  }
}
