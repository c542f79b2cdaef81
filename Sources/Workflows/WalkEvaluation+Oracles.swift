import FingerpostCore
import Foundation
import Geometry

// Oracles: help for the filter that no real one has, one source of error at a time replaced by
// the truth, to measure what limits the filter on real walks. A report made with any says so.

extension WalkEvaluation {
  /// Help for the filter that no real filter has: each replaces one source of error by the truth.
  public enum Oracle: String, Sendable, Hashable, CaseIterable {
    /// Steps whose length and heading are the truth's displacement between step times.
    case truthSteps = "truth-steps"
    /// Steps with the phone's own length whose heading is the truth's.
    case truthHeadings = "truth-headings"
    /// Steps along the phone's own heading whose length is the truth's.
    case truthLengths = "truth-lengths"
    /// The filter is told where the walk starts.
    case trueStart = "true-start"
    /// The walk's own scans are in its radio map.
    case ownWalk = "own-walk"
  }

  /// Steps at the recorded step times whose length and heading (or only the parts that
  /// `length` and `heading` name) are the truth's displacement since the previous step (the
  /// `truth-steps`, `truth-lengths` and `truth-headings` oracles).
  static func truthSteps(_ site: SiteWalk, length: Bool = true, heading: Bool = true) -> [Step] {
    var previous: Double?
    return site.steps.compactMap { step in
      defer { previous = step.t }
      let from = previous ?? (step.t - 0.5)
      guard let a = TruthSample.position(in: site.truth, at: from),
        let b = TruthSample.position(in: site.truth, at: step.t)
      else { return nil }
      let d = b - a
      return Step(
        t: step.t, length: length ? d.length : step.length,
        heading: heading ? Bearing.normalized(atan2(d.x, d.y) * 180 / .pi) : step.heading)
    }
  }

  /// Which parts of the steps the oracles replace by the truth's.
  var truthStepParts: (length: Bool, heading: Bool) {
    (
      oracles.contains(.truthSteps) || oracles.contains(.truthLengths),
      oracles.contains(.truthSteps) || oracles.contains(.truthHeadings)
    )
  }
}
