import Geometry

extension TruthSample {
  /// The position at `t` on a truth track (samples in time order, on one floor), linear between
  /// the samples around it; nil outside the track's span, metres.
  public static func position(in truth: [TruthSample], at t: Double) -> Point? {
    guard let (low, high, share) = bracket(count: truth.count, at: t, time: { truth[$0].t })
    else { return nil }
    return truth[low].position.interpolated(to: truth[high].position, at: share)
  }

  /// The sample in force at `t` on a track in time order: the last at or before it (within a
  /// nanosecond); nil before the first.
  public static func sample(in truth: [TruthSample], at t: Double) -> TruthSample? {
    var (low, high) = (0, truth.count)
    while low < high {
      let mid = (low + high) / 2
      if truth[mid].t <= t + 1e-9 { low = mid + 1 } else { high = mid }
    }
    return low > 0 ? truth[low - 1] : nil
  }

  /// Where `t` falls among `count` times in order (`time(i)`, seconds): the indices of the
  /// times around it and the share of the way from the first to the second (0 when they
  /// coincide); nil outside their span.
  public static func bracket(count: Int, at t: Double, time: (Int) -> Double)
    -> (low: Int, high: Int, share: Double)?
  {
    guard count > 0, t >= time(0), t <= time(count - 1) else { return nil }
    var low = 0
    var high = count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if time(mid) <= t { low = mid } else { high = mid }
    }
    let span = time(high) - time(low)
    return (low, high, span > 0 ? (t - time(low)) / span : 0)
  }

  /// Whether a walker `share` of the time between two checkpoints on different floors is still
  /// on the first one: for the first half of the time (the floor of the nearer in time).
  public static func onFirstFloor(share: Double) -> Bool { share < 0.5 }
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
            t: t, ordinal: onFirstFloor(share: share) ? a.ordinal : b.ordinal,
            position: a.point.interpolated(to: b.point, at: share)))
        t += interval
      }
    }
    out.append(
      TruthSample(t: last.t, ordinal: last.ordinal, position: last.point, checkpoint: true))
    return out
  }
}
