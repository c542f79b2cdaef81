import FingerpostCore

extension StreamEncoder {
  /// A walk as an event stream: `meta`, then its `truth`, `step`, `scan` and `pressure` records
  /// in time order (in that order at the same time), one NDJSON line each.
  public static func walk(
    meta: Meta, truth: [TruthSample], steps: [Step], scans: [Scan], pressures: [Pressure] = []
  ) -> String {
    var records: [(t: Double, order: Int, record: StreamRecord)] = []
    records.reserveCapacity(truth.count + steps.count + scans.count + pressures.count)
    for sample in truth { records.append((sample.t, 0, .truth(sample))) }
    for step in steps { records.append((step.t, 1, .step(step))) }
    for scan in scans { records.append((scan.time, 2, .scan(scan))) }
    for pressure in pressures { records.append((pressure.t, 3, .pressure(pressure))) }
    records.sort { ($0.t, $0.order) < ($1.t, $1.order) }
    return ([.meta(meta)] + records.map(\.record)).map(line).joined(separator: "\n") + "\n"
  }
}
