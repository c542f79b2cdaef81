import FingerpostCore
import Foundation
import Localization
import Replay
import TestSupport
import Testing
import Workflows

/// Snapshots `FuzzSnapshot` found, restored into the office session its harness runs and fed
/// the walk's next batches as it feeds them: an error, a refusal or fixes, never a trap.
@Suite struct SnapshotFuzzFindingsTests {
  @Test(arguments: ["snapshot-fuzz-1.fpss"])
  func aFoundSnapshotIsRefusedOrRunsOn(name: String) throws {
    let bytes = try Data(
      contentsOf: RepositoryPaths.root.appendingPathComponent(
        "Tests/WorkflowsTests/Fixtures/\(name)"))
    let replay = try Replayer(
      run: ScenarioRun(
        file: RepositoryPaths.root.appendingPathComponent(
          "Scenarios/S0-office-nominal.yaml"
        ).path), kind: .pf)
    let batches = replay.walk.batches(every: 2).map { Data($0.lines.joined(separator: "\n").utf8) }
    let snapshot = try TrackingSession.Snapshot(bytes: bytes, file: name)
    var settings = ParticleFilterSettings()
    settings.particles = 100
    let session = try TrackingSession(
      plans: replay.plans, map: replay.map, seed: 3,
      start: bytes.count % 2 == 0 ? replay.walk.start : nil, settings: settings)
    do {
      try session.restore(snapshot)
    } catch {
      return
    }
    for batch in batches.prefix(12).suffix(3) {
      let events = try session.events(ndjson: batch, source: "fuzz")
      _ = try? session.process(events)
    }
  }
}
