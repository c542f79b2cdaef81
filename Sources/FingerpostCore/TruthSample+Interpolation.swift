import Geometry

extension TruthSample {
  /// The position at `t` on a truth track (samples in time order, on one floor), linear between
  /// the samples around it; nil outside the track's span, metres.
  public static func position(in truth: [TruthSample], at t: Double) -> Point? {
    guard let first = truth.first, let last = truth.last, t >= first.t, t <= last.t else {
      return nil
    }
    var low = 0
    var high = truth.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if truth[mid].t <= t { low = mid } else { high = mid }
    }
    let (a, b) = (truth[low], truth[high])
    guard b.t > a.t else { return a.position }
    return a.position.interpolated(to: b.position, at: (t - a.t) / (b.t - a.t))
  }
}

extension TruthSample {
  /// The longest span a truth track is sampled over, seconds (a day: recorded walks last
  /// minutes; a file claiming more would ask for millions of samples).
  public static let maximumTrackSpan = 86_400.0

  /// A truth track through `checkpoints` (surveyed points the walker stood on, in time order):
  /// a checkpoint sample at each, and samples every `interval` seconds between, linear in
  /// position. Between checkpoints on different floors the walker is on the first floor for
  /// the first half of the time and on the second after. Over a span longer than
  /// `maximumTrackSpan`, or at an interval under a millisecond, the checkpoints alone.
  public static func track(
    through checkpoints: [(t: Double, ordinal: Int, point: Point)], interval: Double
  ) -> [TruthSample] {
    guard let first = checkpoints.first, let last = checkpoints.last else { return [] }
    let sampled = last.t - first.t <= maximumTrackSpan && interval >= 0.001
    var out: [TruthSample] = []
    var t = first.t
    for (a, b) in zip(checkpoints, checkpoints.dropFirst()) {
      out.append(TruthSample(t: a.t, ordinal: a.ordinal, position: a.point, checkpoint: true))
      guard sampled else { continue }
      t = max(t, a.t + interval / 2)
      while t < b.t - interval / 2 {
        let share = (t - a.t) / (b.t - a.t)
        out.append(
          TruthSample(
            t: t, ordinal: share < 0.5 ? a.ordinal : b.ordinal,
            position: a.point.interpolated(to: b.point, at: share)))
        t += interval
      }
    }
    out.append(
      TruthSample(t: last.t, ordinal: last.ordinal, position: last.point, checkpoint: true))
    return out
  }
}
