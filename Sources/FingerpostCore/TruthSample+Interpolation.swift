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
