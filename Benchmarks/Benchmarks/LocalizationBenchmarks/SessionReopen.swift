import Benchmark
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Localization
import Replay
import Workflows

/// Target (issue 35): a tracking session reopened after a restart costs ≤ 50 ms. A five-minute
/// S0 session of 2,000 particles, fed in batches of 0.5 s, is reopened three ways: by replaying
/// every batch it took (before snapshots), from its snapshot's bytes, and from its snapshot and
/// the 19 batches after it (the most the service replays: it keeps a snapshot every 20 batches).
func sessionReopenBenchmarks(root: URL) {
  let run = try! ScenarioRun(
    file: root.appendingPathComponent("Scenarios/S0-office-nominal.yaml").path)
  let replay = try! Replayer(run: run, kind: .pf)
  let batches = replay.walk.batches(every: 0.5).filter { $0.t <= 300 }
    .map { Data($0.lines.joined(separator: "\n").utf8) }
  let settings = {
    var settings = ParticleFilterSettings()
    settings.particles = 2000
    return settings
  }()
  let (plans, map) = (replay.plans, replay.map)
  let session = { @Sendable in
    try! TrackingSession(plans: plans, map: map, seed: 5, start: nil, settings: settings)
  }
  let live = session()
  let later = 19
  _ = try! live.replay(Array(batches.dropLast(later)), source: "bench")
  let bytes = live.snapshot()!.bytes
  /// A new session that took up the snapshot's state.
  let reopen = { @Sendable in
    let reopened = session()
    try! reopened.restore(try! TrackingSession.Snapshot(bytes: bytes, file: "bench"))
    return reopened
  }

  Benchmark(
    "Reopen a 5-minute session by replaying its \(batches.count) batches, 2,000 particles",
    configuration: .init(maxIterations: 5)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try! session().replay(batches, source: "bench"))
    }
  }

  Benchmark(
    "Reopen a 5-minute session from its snapshot (\(bytes.count / 1000) kB), 2,000 particles",
    configuration: .init(maxIterations: 200)
  ) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(reopen()) }
  }

  Benchmark(
    "Reopen a 5-minute session from its snapshot and the \(later) batches after it, 2,000 particles",
    configuration: .init(maxIterations: 100)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try! reopen().replay(Array(batches.suffix(later)), source: "bench"))
    }
  }

  Benchmark("Take a 2,000-particle session's snapshot as bytes") { benchmark in
    let reopened = reopen()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(reopened.snapshot()!.bytes) }
  }
}
