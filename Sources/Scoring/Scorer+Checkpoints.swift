import FingerpostCore

extension Scorer {
  /// The instants at the truth's checkpoints only (the landmarks the walker stood on, where the
  /// IPIN competitions score), each with the latest fix at or before it (causal); a checkpoint
  /// before the first fix is scored against the first fix.
  public func checkpointInstants(truth: [TruthSample], fixes: [Fix]) -> [Instant] {
    guard let firstFix = fixes.first else { return [] }
    var result: [Instant] = []
    var fi = 0
    for sample in truth where sample.checkpoint {
      while fi + 1 < fixes.count, fixes[fi + 1].t <= sample.t + 1e-9 { fi += 1 }
      let fix = fixes[fi].t <= sample.t + 1e-9 ? fixes[fi] : firstFix
      let error = fix.position.distance(to: sample.position)
      result.append(
        Instant(
          t: sample.t, error: error, floorError: abs(fix.ordinal - sample.ordinal),
          buildingWrong: false, unitHit: sample.unitID.map { $0 == fix.unitID },
          neighbourHit: nil, fresh: sample.t - fix.t <= maximumFixAge + 1e-9,
          withinAccuracy: fix.accuracy.isFinite ? error <= fix.accuracy : nil))
    }
    return result
  }

  /// Per true floor change of `truth`: seconds from the change until the 2 Hz instants first
  /// show the estimate on the new floor, or nil when they never do before the next change.
  public func floorDelays(truth: [TruthSample], fixes: [Fix]) -> [Double?] {
    floorDelays(truth: truth, instants: paired(truth: truth, fixes: fixes, venue: nil))
  }
}
