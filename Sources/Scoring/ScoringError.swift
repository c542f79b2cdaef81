/// Why fixes cannot be scored against a truth.
public enum ScoringError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The truth has no records.
  case noTruth
  /// There are no fixes.
  case noFixes
  /// The fixes and the truth do not overlap in time (their spans, seconds).
  case noOverlap(truth: ClosedRange<Double>, fixes: ClosedRange<Double>)

  public var description: String {
    switch self {
    case .noTruth: "no truth records to score against"
    case .noFixes: "no fix records to score"
    case .noOverlap(let truth, let fixes):
      "the fixes (t \(fixes.lowerBound)…\(fixes.upperBound) s) and the truth "
        + "(t \(truth.lowerBound)…\(truth.upperBound) s) do not overlap in time"
    }
  }
}
