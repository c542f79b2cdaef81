import EventStream
import FingerpostCore
import FloorPlans
import Foundation
import Simulation

extension WalkEvaluation {
  /// Writes `lines` as `streams/<walk>.<suffix>.ndjson`, atomically.
  func writeStream(_ lines: [String], walk: String, suffix: String) throws(FingerpostError) {
    guard let streams else { return }
    let path = URL(fileURLWithPath: streams).appendingPathComponent("\(walk).\(suffix).ndjson")
    try FileAccess.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: path.path)
  }

  /// A stream of `walk`'s truth and `fixes` in time order after a `meta` line naming the venue,
  /// as a replay with truth writes it.
  static func streamLines(walk: Walk, fixes: [Fix], plans: FloorPlanSet, generator: String)
    -> [String]
  {
    var records: [(t: Double, order: Int, record: StreamRecord)] = []
    for sample in walk.truth { records.append((sample.t, 0, .truth(sample))) }
    for fix in fixes { records.append((fix.t, 1, .fix(fix))) }
    records.sort { ($0.t, $0.order) < ($1.t, $1.order) }
    let meta = Meta(
      venue: walk.venueName, venuePath: walk.venuePath, seed: walk.seed,
      generator: "fingerpost evaluate-walks \(generator)", origin: plans.frame.origin)
    return ([.meta(meta)] + records.map(\.record)).map(StreamEncoder.line)
  }
}
