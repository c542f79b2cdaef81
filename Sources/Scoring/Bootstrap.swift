/// Confidence intervals by block bootstrap: the instants of each walk are cut into blocks of
/// consecutive time (so that the errors' correlation over seconds is kept), and whole blocks are
/// drawn with replacement across all walks.
public struct Bootstrap: Sendable {
  /// Seconds per block.
  public var blockSeconds = 30.0
  /// Resamples drawn.
  public var resamples = 1000
  /// Two-sided confidence level.
  public var confidence = 0.95

  /// A bootstrap with the defaults (30 s blocks, 1,000 resamples, 95 %).
  public init() {}

  /// The blocks of `walks` (each a walk's instants in time order).
  public func blocks(_ walks: [[Instant]]) -> [[Instant]] {
    var result: [[Instant]] = []
    for walk in walks {
      guard let first = walk.first else { continue }
      var current: [Instant] = []
      var start = first.t
      for instant in walk {
        if instant.t - start >= blockSeconds, !current.isEmpty {
          result.append(current)
          current = []
          start = instant.t
        }
        current.append(instant)
      }
      if !current.isEmpty { result.append(current) }
    }
    return result
  }

  /// The (low, high) interval of `metric` over resampled blocks; `draw(n)` returns a uniform
  /// integer in 0..<n (a seeded generator's, so the interval is reproducible).
  public func interval(
    _ walks: [[Instant]], metric: ([Instant]) -> Double, draw: (Int) -> Int
  ) -> (low: Double, high: Double) {
    let blocks = blocks(walks)
    guard !blocks.isEmpty else { return (.nan, .nan) }
    var values: [Double] = []
    values.reserveCapacity(resamples)
    for _ in 0..<resamples {
      var sample: [Instant] = []
      for _ in blocks.indices { sample += blocks[draw(blocks.count)] }
      let v = metric(sample)
      if !v.isNaN { values.append(v) }
    }
    let tail = (1 - confidence) / 2
    return (
      PercentileMethod.linear.quantile(values, tail),
      PercentileMethod.linear.quantile(values, 1 - tail)
    )
  }
}
