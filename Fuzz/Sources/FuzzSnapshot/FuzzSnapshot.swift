import FingerpostCore
import Foundation
import FuzzOffice
import Workflows

/// Writes seed snapshots (sessions of either start, a few batches in) into the folder
/// `FUZZ_SEEDS_DIR` names, before libFuzzer reads its corpora.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
  Office.writeSeeds(of: "FuzzSnapshot") { office in
    var seeds: [String: Data] = [:]
    for knownStart in [true, false] {
      for taken in [1, 8] {
        let session = try office.session(knownStart: knownStart)
        _ = try session.replay(Array(office.batches.prefix(taken)), source: "seed")
        guard let snapshot = session.snapshot() else { continue }
        seeds["office-\(knownStart ? "known" : "global")-\(taken).fpss"] = snapshot.bytes
      }
    }
    return seeds
  }
  return 0
}

/// A tracking session's snapshot as the store keeps it (`TrackingSession.Snapshot.bytes`): any
/// bytes give an error naming the snapshot, or a snapshot that an office session restores (or
/// refuses, changing nothing) and then runs on through the walk's next batches — never a trap,
/// a hang or a huge allocation.
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
