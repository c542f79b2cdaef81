import EventStream
import FingerpostCore
import Foundation
import Localization
import Replay
import TestSupport
import Testing
import Workflows

/// A tracking session fed in batches: reopened from the batches it took it gives the same
/// fixes, and it gives the fixes an offline replay of the same walk gives.
@Suite struct TrackingSessionTests {
  /// The light scenario's walk, plans and map, and its batches of 2 s.
  static func light() throws -> (replay: Replayer, batches: [Data]) {
    let folder = try LightScenario.temporaryFolder("tracking")
    defer { try? FileManager.default.removeItem(at: folder) }
    let replay = try Replayer(run: ScenarioRun(file: LightScenario.write(in: folder)), kind: .pf)
    let batches = replay.walk.batches(every: 2).map { Data($0.lines.joined(separator: "\n").utf8) }
    return (replay, batches)
  }

  static func session(_ replay: Replayer, seed: UInt64, knownStart: Bool = true) throws
    -> TrackingSession
  {
    var settings = ParticleFilterSettings()
    settings.particles = 150
    return try TrackingSession(
      plans: replay.plans, map: replay.map, seed: seed,
      start: knownStart ? replay.walk.start : nil, settings: settings)
  }

  @Test(arguments: [true, false])
  func restoredFromASnapshotItAnswersTheNextBatchesAsTheOriginal(knownStart: Bool) throws {
    let (replay, batches) = try Self.light()
    let whole = try Self.session(replay, seed: 9, knownStart: knownStart)
    let fixes = try whole.replay(batches, source: "s")
    #expect(fixes.compactMap { $0 }.count > batches.count / 2)
    // Taken halfway, given to a new session of the same seed, which takes the rest.
    let half = batches.count / 2
    let first = try Self.session(replay, seed: 9, knownStart: knownStart)
    _ = try first.replay(Array(batches[..<half]), source: "s")
    let snapshot = try #require(first.snapshot())
    #expect(snapshot.filter.particleCount > 0)
    let reopened = try Self.session(replay, seed: 9, knownStart: knownStart)
    try reopened.restore(snapshot)
    #expect(reopened.processed == first.processed && reopened.lastTime == first.lastTime)
    let rest = try batches[half...].map {
      try reopened.process(try reopened.events(ndjson: $0, source: "s"))
    }
    #expect(rest == Array(fixes[half...]))
    // Without the snapshot, the new session would answer otherwise: the check can fail.
    let fresh = try Self.session(replay, seed: 9, knownStart: knownStart)
    let unrestored = try batches[half...].map {
      try fresh.process(try fresh.events(ndjson: $0, source: "s"))
    }
    #expect(unrestored != Array(fixes[half...]))
  }

  @Test func reopenedFromItsBatchesItGivesTheSameFixes() throws {
    let (replay, batches) = try Self.light()
    let live = try Self.session(replay, seed: 9)
    let fixes = try batches.map { try live.process(try live.events(ndjson: $0, source: "b")) }
    #expect(fixes.compactMap { $0 }.count > batches.count / 2)
    let reopened = try Self.session(replay, seed: 9)
    #expect(try reopened.replay(batches, source: "session s") == fixes)
    #expect(reopened.processed == live.processed)
    // Another seed draws other particles: the check can tell sessions apart.
    #expect(try Self.session(replay, seed: 10).replay(batches, source: "s") != fixes)
  }

  @Test func aBatchThatCannotBeReadIsNamedWithItsPlace() throws {
    let (replay, batches) = try Self.light()
    let session = try Self.session(replay, seed: 9)
    let broken = [batches[0], Data(#"{"type":"step","t":"soon"}"#.utf8)]
    do {
      _ = try session.replay(broken, source: "session s")
      Issue.record("a broken batch was taken")
    } catch let error as FingerpostError {
      #expect(error.file == "session s, batch 1")
      #expect(error.line == 1)
    }
  }

  @Test func aSnapshotReadBackFromItsBytesContinuesTheSame() throws {
    let (replay, batches) = try Self.light()
    let half = batches.count / 2
    let first = try Self.session(replay, seed: 9, knownStart: false)
    _ = try first.replay(Array(batches[..<half]), source: "s")
    let bytes = try #require(first.snapshot()).bytes
    let read = try TrackingSession.Snapshot(bytes: bytes, file: "snapshot")
    #expect(read.bytes == bytes)
    let reopened = try Self.session(replay, seed: 9, knownStart: false)
    try reopened.restore(read)
    let expected = try batches[half...].map {
      try first.process(try first.events(ndjson: $0, source: "s"))
    }
    let rest = try batches[half...].map {
      try reopened.process(try reopened.events(ndjson: $0, source: "s"))
    }
    #expect(rest == expected && expected.contains { $0 != nil })
  }

  @Test func aLargeCloudReadsBack() throws {
    let (replay, _) = try Self.light()
    var settings = ParticleFilterSettings()
    settings.particles = 5_000
    // A known start draws the whole cloud at once: no batch needed.
    let session = try TrackingSession(
      plans: replay.plans, map: replay.map, seed: 3, start: replay.walk.start, settings: settings)
    let snapshot = try #require(session.snapshot())
    #expect(snapshot.filter.particleCount == 5_000)
    let bytes = snapshot.bytes
    // 61 bytes a particle, and the rest.
    #expect(bytes.count > 5_000 * 61 && bytes.count < 5_000 * 61 + 20_000)
    let read = try TrackingSession.Snapshot(bytes: bytes, file: "snapshot")
    #expect(read.bytes == bytes)
  }

  @Test func damagedSnapshotBytesAreAnErrorNamingTheFile() throws {
    let (replay, batches) = try Self.light()
    let session = try Self.session(replay, seed: 9)
    _ = try session.replay(Array(batches.prefix(3)), source: "s")
    let bytes = try #require(session.snapshot()).bytes
    // Every truncation, and a byte flipped at spread places: an error or a snapshot, never a
    // crash; truncations are always errors.
    for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
      #expect(throws: FingerpostError.self) {
        _ = try TrackingSession.Snapshot(bytes: bytes.prefix(length), file: "snap")
      }
    }
    for place in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
      var damaged = bytes
      damaged[place] ^= 0xA5
      if let read = try? TrackingSession.Snapshot(bytes: damaged, file: "snap") {
        // What reads may still not fit the venue: the filter refuses it or takes it.
        let other = try Self.session(replay, seed: 9)
        _ = try? other.restore(read)
      }
    }
    do {
      _ = try TrackingSession.Snapshot(bytes: Data("not a snapshot".utf8), file: "snap")
      Issue.record("text was read as a snapshot")
    } catch {
      #expect(error.file == "snap" && error.kind == .malformed)
    }
  }
}
