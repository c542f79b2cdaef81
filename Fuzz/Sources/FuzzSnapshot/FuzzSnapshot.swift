import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Localization
import Replay
import Workflows

/// A tracking session's snapshot as the store keeps it (`TrackingSession.Snapshot.bytes`): any
/// bytes give an error naming the snapshot, or a snapshot that an office session restores (or
/// refuses, changing nothing) and then runs on through the walk's next batches — never a trap,
/// a hang or a huge allocation.
struct Office: Sendable {
  let plans: FloorPlanSet
  let map: RadioMap
  let start: Route.Waypoint?
  let batches: [Data]

  /// The nominal office scenario (run from the repository's root, as `Fuzz/run.sh` does).
  static let scenario: Office = {
    do {
      let replay = try Replayer(
        run: ScenarioRun(file: "Scenarios/S0-office-nominal.yaml"), kind: .pf)
      let batches = replay.walk.batches(every: 2).map {
        Data($0.lines.joined(separator: "\n").utf8)
      }
      return Office(
        plans: replay.plans, map: replay.map, start: replay.walk.start, batches: batches)
    } catch {
      fatalError("FuzzSnapshot: the office scenario: \(error)")
    }
  }()

  /// A small session on the office, with or without the walk's start.
  func session(knownStart: Bool) throws -> TrackingSession {
    var settings = ParticleFilterSettings()
    settings.particles = 100
    return try TrackingSession(
      plans: plans, map: map, seed: 3, start: knownStart ? start : nil, settings: settings)
  }
}

/// Writes seed snapshots (sessions of either start, a few batches in) into the folder
/// `FUZZ_SEEDS_DIR` names, before libFuzzer reads its corpora.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
  let office = Office.scenario
  guard let folder = ProcessInfo.processInfo.environment["FUZZ_SEEDS_DIR"] else { return 0 }
  do {
    for knownStart in [true, false] {
      for taken in [1, 8] {
        let session = try office.session(knownStart: knownStart)
        _ = try session.replay(Array(office.batches.prefix(taken)), source: "seed")
        guard let snapshot = session.snapshot() else { continue }
        let name = "\(folder)/office-\(knownStart ? "known" : "global")-\(taken).fpss"
        try snapshot.bytes.write(to: URL(fileURLWithPath: name))
      }
    }
  } catch {
    fatalError("FuzzSnapshot: writing seeds: \(error)")
  }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshot(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let office = Office.scenario
  let snapshot: TrackingSession.Snapshot
  do {
    snapshot = try TrackingSession.Snapshot(
      bytes: Data(bytes: start, count: count), file: "fuzz.fpss")
  } catch {
    precondition("\(error)".contains("fuzz.fpss"), "the error names the snapshot: \(error)")
    return 0
  }
  guard let session = try? office.session(knownStart: count % 2 == 0),
    (try? session.restore(snapshot)) != nil
  else { return 0 }
  // A restored session takes the walk's next batches (stale ones are refused, not a trap).
  for batch in office.batches.prefix(12).suffix(3) {
    if let events = try? session.events(ndjson: batch, source: "fuzz") {
      _ = try? session.process(events)
    }
  }
  return 0
}
