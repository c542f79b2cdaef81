import EventStream
import FingerpostCore
import Simulation

extension Walk {
  /// The walk's steps and scans as a phone would send them to a tracking session: one batch of
  /// event-stream lines for every `seconds` of the walk that has events, each with the time it
  /// is sent (the end of its span, seconds), in time order.
  public func batches(every seconds: Double) -> [(t: Double, lines: [String])] {
    var events: [(t: Double, line: String)] = steps.map { ($0.t, StreamEncoder.line(.step($0))) }
    events += scans.map { ($0.time, StreamEncoder.line(.scan($0))) }
    events.sort { $0.t < $1.t }
    var batches: [(t: Double, lines: [String])] = []
    for (t, line) in events {
      let end = seconds > 0 ? (t / seconds).rounded(.up) * seconds : t
      if let last = batches.last, last.t == end {
        batches[batches.count - 1].lines.append(line)
      } else {
        batches.append((end, [line]))
      }
    }
    return batches
  }
}
