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
  /// The office session the harness restores into, the found snapshot and the walk's batches.
  struct Restore {
    let session: TrackingSession
    let snapshot: TrackingSession.Snapshot
    let batches: [Data]

    init(fixture name: String) throws {
      let bytes = try Data(
        contentsOf: RepositoryPaths.root.appendingPathComponent(
          "Tests/WorkflowsTests/Fixtures/\(name)"))
      let replay = try Replayer(
        run: ScenarioRun(
          file: RepositoryPaths.root.appendingPathComponent(
            "Scenarios/S0-office-nominal.yaml"
          ).path), kind: .pf)
      batches = replay.walk.batches(every: 2).map { Data($0.lines.joined(separator: "\n").utf8) }
      snapshot = try TrackingSession.Snapshot(bytes: bytes, file: name)
      var settings = ParticleFilterSettings()
      settings.particles = 100
      session = try TrackingSession(
        plans: replay.plans, map: replay.map, seed: 3,
        start: bytes.count % 2 == 0 ? replay.walk.start : nil, settings: settings)
    }
  }

  @Test(arguments: ["snapshot-fuzz-1.fpss"])
  func aFoundSnapshotIsRefusedOrRunsOn(name: String) throws {
    let restore = try Restore(fixture: name)
    do {
      try restore.session.restore(restore.snapshot)
    } catch {
      return
    }
    for batch in restore.batches.prefix(12).suffix(3) {
      let events = try restore.session.events(ndjson: batch, source: "fuzz")
      _ = try? restore.session.process(events)
    }
  }

  @Test func aStandOf1e205SecondsIsRefusedAsNoWalks() throws {
    // The snapshot stood still for 1e205 s: its particles would spread 1e102 m and trap.
    let restore = try Restore(fixture: "snapshot-fuzz-1.fpss")
    do {
      try restore.session.restore(restore.snapshot)
      Issue.record("the snapshot was restored")
    } catch {
      #expect(
        (error as? FingerpostError)?.message
          == "the snapshot's clocks, estimates or steps are not a walk's")
    }
  }
}
