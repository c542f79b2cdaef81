import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Localization
import Replay
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

  /// The nominal office scenario (run from the repository's root, as `Fuzz/run.sh` does).
  public static let scenario: Office = {
    do {
      let replay = try Replayer(
        run: ScenarioRun(file: "Scenarios/S0-office-nominal.yaml"), kind: .pf)
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

  /// The folder `FUZZ_SEEDS_DIR` names, where a harness writes seeds of its own (nil: none).
  public static var seedFolder: URL? {
    ProcessInfo.processInfo.environment["FUZZ_SEEDS_DIR"].map { URL(fileURLWithPath: $0) }
  }
}
