import EventStream
import FingerpostCore
import Foundation
import FuzzOffice
import Geometry
import Workflows

/// Writes the office walk's batches into the folder `FUZZ_SEEDS_DIR` names, before libFuzzer
/// reads its corpora.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
  Office.writeSeeds(of: "FuzzTracking") { office in
    var seeds: [String: Data] = [:]
    for (index, batch) in office.batches.prefix(10).enumerated() {
      seeds["office-batch-\(index).ndjson"] = batch
    }
    return seeds
  }
  return 0
}

/// A session batch (`POST /fp/v1/sessions/{id}/events`) fed to an office tracking session as the
/// service feeds it, after 0 to 2 of the walk's own batches, then the walk's next two: any bytes
/// give an error naming a line, or fixes inside the office on one of its floors — never a trap, a
/// hang or a huge allocation (steps of 1e300 m, an event at t = 1e300, a million events).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTracking(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let office = Office.scenario
  guard let session = try? office.session(knownStart: count % 2 == 0) else { return 0 }
  let before = (count / 2) % 3
  let batches =
    office.batches.prefix(before) + [Data(bytes: start, count: count)]
    + office.batches.dropFirst(before).prefix(2)
  for (index, batch) in batches.enumerated() {
    let events: [StreamRecord]
    do {
      events = try session.events(ndjson: batch, source: "batch \(index)")
    } catch {
      precondition("\(error)".contains("batch \(index)"), "the error names the batch: \(error)")
      continue
    }
    // A batch reaching back before what the session took is refused whole (StaleEvents).
    guard let fix = try? session.process(events) else { continue }
    check(fix, office: office)
  }
  return 0
}

/// Traps unless `fix` is finite, on one of the office's floors and within a metre of its plans.
func check(_ fix: Fix, office: Office) {
  guard let bounds = office.plans.bounds else { return }
  let p = fix.position
  precondition(fix.t.isFinite && fix.accuracy.isFinite && fix.accuracy >= 0, "fix \(fix)")
  precondition(
    p.x >= bounds.min.x - 1 && p.x <= bounds.max.x + 1 && p.y >= bounds.min.y - 1
      && p.y <= bounds.max.y + 1, "a fix outside the office: \(p)")
  precondition(office.plans.plans.contains { $0.ordinal == fix.ordinal }, "floor \(fix.ordinal)")
}
