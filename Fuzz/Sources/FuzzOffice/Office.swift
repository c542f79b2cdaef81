import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Localization
import Replay
import Simulation
import Workflows

/// The nominal office walk the session harnesses run on: its floor plans, radio map, start and
/// the walk's events in batches of 2 s, as a phone sends them.
public struct Office: Sendable {
  /// The office's floor plans.
  public let plans: FloorPlanSet
  /// The office's radio map.
  public let map: RadioMap
  /// Where the walk starts.
  public let start: Route.Waypoint?
  /// The walk's steps and scans, event-stream NDJSON, 2 s to a batch.
  public let batches: [Data]

  /// The grid of the harnesses' radio map, metres: the scenario's 1 m map made every scan
  /// weigh 16 times the cells (most of a session harness's time, in the map's likelihood), with
  /// the same code run on each.
  public static let grid = 4.0

  /// The nominal office scenario (run from the repository's root, as `Fuzz/run.sh` does), its
  /// survey ingested on a `grid`-metre grid.
  public static let scenario: Office = {
    do {
      let run = try ScenarioRun(file: "Scenarios/S0-office-nominal.yaml")
      guard case .survey(let survey, _) = run.scenario.radioMap else {
        fatalError("the office scenario: its radio map is not a survey")
      }
      var scenario = run.scenario
      scenario.radioMap = .survey(survey, grid: grid)
      let map = try Scenario.RadioMapSource.load(for: scenario, plans: run.world.plans)
      let replay = try Replayer(run: run, kind: .pf, map: map)
      let batches = replay.walk.batches(every: 2).map {
        Data($0.lines.joined(separator: "\n").utf8)
      }
      return Office(
        plans: replay.plans, map: replay.map, start: replay.walk.start, batches: batches)
    } catch {
      fatalError("the office scenario: \(error)")
    }
  }()

  /// A small session (100 particles) on the office, with or without the walk's start.
  public func session(knownStart: Bool) throws -> TrackingSession {
    var settings = ParticleFilterSettings()
    settings.particles = 100
    return try TrackingSession(
      plans: plans, map: map, seed: 3, start: knownStart ? start : nil, settings: settings)
  }

  /// Writes the seeds `make` returns (file name → bytes) for `harness` into the folder
  /// `FUZZ_SEEDS_DIR` names, when it names one (before libFuzzer reads its corpora).
  public static func writeSeeds(
    of harness: String, _ make: (Office) throws -> [String: Data]
  ) {
    let office = scenario
    guard let folder = ProcessInfo.processInfo.environment["FUZZ_SEEDS_DIR"] else { return }
    do {
      for (name, bytes) in try make(office) {
        try bytes.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
      }
    } catch {
      fatalError("\(harness): writing seeds: \(error)")
    }
  }
}
