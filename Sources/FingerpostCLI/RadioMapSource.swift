import Fingerprints
import FloorPlans
import Foundation
import Localization
import Simulation

/// The short name of the venue at `path`: its folder or zip name without the extension.
func venueName(of path: String) -> String {
  let url = URL(fileURLWithPath: path)
  return url.pathExtension.lowercased() == "zip"
    ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
}

/// The scenario's radio map: its map file, or its survey ingested (cached by the survey's bytes).
/// A map or survey made for another venue is refused, naming the scenario file and the source.
func radioMap(for scenario: Scenario, plans: FloorPlanSet) throws -> RadioMap {
  let venue = venueName(of: scenario.venue.path)
  let context = "\(scenario.file.path): radio_map"
  switch scenario.radioMap {
  case .map(let url):
    return try radioMap(file: url.path, plans: plans, venue: venue, context: context)
  case .survey(let url, let grid):
    return try radioMap(
      survey: url.path, grid: grid, plans: plans, venue: venue, context: context)
  }
}

/// A radio map file, refused when none of its levels is a level of the venue.
func radioMap(file: String, plans: FloorPlanSet, venue: String, context: String) throws
  -> RadioMap
{
  let map = try loadRadioMap(file)
  guard map.levels.contains(where: { plans.planIndex(of: $0) != nil }) else {
    let levels = map.levels.map { $0.levelID ?? "ordinal \($0.ordinal)" }
    throw CLIError(
      "\(context): radio map \(file) is for another venue: none of its levels "
        + "(\(levels.joined(separator: ", "))) is a level of venue '\(venue)'")
  }
  return map
}

/// A survey ingested on a `grid`-metre grid (cached by the survey's bytes), refused when its
/// header names another venue or none of its scans lies in the venue.
func radioMap(
  survey path: String, grid: Double, plans: FloorPlanSet, venue: String, context: String
)
  throws -> RadioMap
{
  let url = URL(fileURLWithPath: path)
  let bytes: Data
  do {
    bytes = try Data(contentsOf: url)
  } catch {
    throw CLIError("\(context): survey \(path) cannot be read (\(error.localizedDescription))")
  }
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  // The venue is in the key: a cached map passed the checks below for this venue.
  let key = "\(String(hash, radix: 16))-\(grid)-\(venue)-\(plans.frame.origin.longitude)"
  let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpost-cache")
  let file = cache.appendingPathComponent("\(key).fpmap")
  if let cached = try? RadioMapFile.read(file) { return cached }
  let survey = SurveyFile.parse(bytes, file: path)
  if let named = survey.header?.venue, named != venue {
    throw CLIError(
      "\(context): survey \(path) is for venue '\(named)', not '\(venue)' (its header says so)")
  }
  var builder = RadioMapBuilder()
  builder.spacing = grid
  let (map, statistics) = builder.build(surveys: [(url.lastPathComponent, survey)], plans: plans)
  guard statistics.used > 0 else {
    throw CLIError(
      "\(context): survey \(path) is for another venue: none of its scans lies in venue "
        + "'\(venue)' (\(statistics.unknownLevel) on unknown levels, "
        + "\(statistics.outsideVenue) outside)")
  }
  try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
  try RadioMapFile.write(map, to: file)
  return map
}
