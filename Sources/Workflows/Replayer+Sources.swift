import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import IMDF
import Replay
import Simulation

extension Replayer {
  /// The replay of a simulated scenario run with the scenario's localizer settings and its radio
  /// map (loaded here unless given).
  public init(run: ScenarioRun, kind: LocalizerKind, map: RadioMap? = nil) throws(FingerpostError) {
    let chosen: RadioMap
    if let map {
      chosen = map
    } else {
      chosen = try Scenario.RadioMapSource.load(for: run.scenario, plans: run.world.plans)
    }
    self.init(
      walk: run.simulated.walk, plans: run.world.plans,
      map: chosen, kind: kind)
    settings = run.scenario.localizer.filterSettings
    fixRate = run.scenario.localizer.fixRate
  }

  /// The replay of a recorded event stream (`text`, read from `file`) on the venue at
  /// `venuePath`. The stream must be of that venue when its meta record names one; unreadable
  /// lines go to `warn` and are skipped.
  public init(
    recorded text: String, file: String, venuePath: String, map source: Scenario.RadioMapSource,
    kind: LocalizerKind, knownStart: Bool, seed: UInt64?, warn: (String) -> Void
  ) throws(FingerpostError) {
    let plans = try FloorPlanSet(venueAt: venuePath)
    let name = Venue.identity(ofArchiveAt: venuePath)
    var walk = try Walk(
      stream: text, file: file, plans: plans, knownStart: knownStart, seed: seed ?? 1, warn: warn)
    if let seed { walk.seed = seed }
    if !walk.venueName.isEmpty, walk.venueName != name {
      throw FingerpostError(
        .mismatch, file: file, "the stream is for venue '\(walk.venueName)', not '\(name)'")
    }
    walk.venueName = name
    walk.venuePath = venuePath
    let context: String
    switch source {
    case .map: context = "--radio-map"
    case .survey: context = "--survey"
    }
    let map = try source.load(plans: plans, venue: name, context: context)
    self.init(walk: walk, plans: plans, map: map, kind: kind)
  }

  /// The replay of a recorded event stream (`text`, read from `file`) on the venue drawn from the
  /// radio map at `mapPath` alone (`DrawnVenue`), written to `venueFolder` when given (so that
  /// viewers draw the surveyed area). The map must be in ground metres (a projected map's
  /// stream would need its x/y carried to the drawn frame: give its venue instead).
  public init(
    recorded text: String, file: String, drawnFrom mapPath: String, venueFolder: String?,
    kind: LocalizerKind, knownStart: Bool, seed: UInt64?, warn: (String) -> Void
  ) throws(FingerpostError) {
    let given = try RadioMapFile.read(URL(fileURLWithPath: mapPath))
    guard given.isInGroundFrame else {
      throw FingerpostError(
        .mismatch, file: mapPath,
        "the map is in \(given.frame ?? "a projection"): replaying a stream on it needs --venue")
    }
    let name = URL(fileURLWithPath: mapPath).deletingPathExtension().lastPathComponent
    let drawn = try DrawnVenue(map: given, name: name)
    var walk = try Walk(
      stream: text, file: file, plans: drawn.plans, knownStart: knownStart, seed: seed ?? 1,
      warn: warn)
    if let seed { walk.seed = seed }
    walk.venueName = name
    if let venueFolder {
      try drawn.write(to: venueFolder)
      walk.venuePath = venueFolder
    }
    self.init(walk: walk, plans: drawn.plans, map: drawn.map, kind: kind)
  }
}
