import EventStream
import FingerpostCore
import Replay

extension ScenarioRun {
  /// The walk as an event stream: `meta`, then `truth`, `step` and `scan` records in time order
  /// (truth before a step before a scan at the same time), one NDJSON line each.
  public var eventStream: String {
    var records: [(t: Double, order: Int, record: StreamRecord)] = []
    let walk = simulated.walk
    for truth in walk.truth { records.append((truth.t, 0, .truth(truth))) }
    for step in walk.steps { records.append((step.t, 1, .step(step))) }
    for scan in walk.scans { records.append((scan.time, 2, .scan(scan))) }
    records.sort { ($0.t, $0.order) < ($1.t, $1.order) }
    let meta = StreamRecord.meta(
      Meta(
        venue: walk.venueName, venuePath: walk.venuePath, seed: scenario.seed,
        generator: "fingerpost simulate", origin: simulated.origin))
    return ([meta] + records.map(\.record)).map(StreamEncoder.line).joined(separator: "\n") + "\n"
  }
}
