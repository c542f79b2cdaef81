import EventStream
import FingerpostCore
import Fingerprints
import Geometry
import Replay
import Scoring

extension ServiceReplay {
  /// What a replay against the service gave: the first session's fixes as an event stream, and
  /// a summary of every session's requests, their check against the same batches offline and
  /// the fixes' accuracy.
  public struct Report: Sendable {
    /// The event stream: a meta record, then the first session's fixes (with the truth in force
    /// before each, when asked for).
    public var lines: [String]
    /// The summary for people (several lines, no trailing newline).
    public var summary: String
    /// Whether every request was answered and every session's fixes match offline.
    public var passed: Bool
  }

  /// The report of `runs` (as `run()` returns them), checked offline on `map`, the service's
  /// radio map; `generator` names what made the stream.
  public func report(
    _ runs: [SessionRun], map: RadioMap, withTruth: Bool, generator: String
  ) throws -> Report {
    let first = runs.first ?? SessionRun(seed: walk.seed)
    var lines = [
      StreamEncoder.line(
        .meta(
          Meta(
            venue: walk.venueName, venuePath: walk.venuePath, seed: first.seed,
            generator: generator, origin: plans.frame.origin)))
    ]
    let fixes = first.fixes.compactMap { $0 }
    // The truth in force at each fix goes before it, as an offline replay writes it.
    var truth = withTruth ? walk.truth[...] : []
    for fix in fixes {
      while let sample = truth.first, sample.t <= fix.t + 1e-9 {
        lines.append(StreamEncoder.line(.truth(sample)))
        truth.removeFirst()
      }
      lines.append(StreamEncoder.line(.fix(fix)))
    }
    lines += truth.map { StreamEncoder.line(.truth($0)) }

    let latencies = runs.flatMap(\.latencies).sorted()
    func milliseconds(_ p: Double) -> String {
      guard !latencies.isEmpty else { return "-" }
      return (PercentileMethod.linear.quantile(sorted: latencies, p) * 1000).formatted(decimals: 1)
        + " ms"
    }
    let errors = runs.flatMap(\.errors)
    var differing = 0
    for run in runs where try offlineFixes(run, map: map) != run.fixes { differing += 1 }
    var summary = [
      "replay to \(client.base.absoluteString): \(runs.count) session(s), \(latencies.count)"
        + " requests, \(errors.count) failed; latency p50 \(milliseconds(0.5)), p99"
        + " \(milliseconds(0.99)), max \(milliseconds(1))"
    ]
    summary += errors.prefix(5).map { "  failed: \($0)" }
    summary.append(
      "sessions whose fixes differ from the same batches offline: \(differing) of \(runs.count)")
    summary.append(
      ReplaySummary(localizer: "pf (service)", fixes: fixes, walk: walk, plans: plans).description)
    return Report(
      lines: lines, summary: summary.joined(separator: "\n"),
      passed: errors.isEmpty && differing == 0)
  }
}
