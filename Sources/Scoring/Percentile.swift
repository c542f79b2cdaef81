/// How a percentile is read off a sample.
public enum PercentileMethod: String, Sendable, Codable, CaseIterable {
  /// Linear interpolation between order statistics at (n − 1)·p (NumPy's default, R type 7).
  case linear
  /// The Hazen convention: order statistic i sits at (i − 0.5) / n (R type 5; MATLAB's
  /// `prctile`).
  case hazen
}

extension PercentileMethod {
  /// The `p`-th quantile (0…1) of `values` (NaN when empty).
  public func quantile(_ values: [Double], _ p: Double) -> Double {
    quantile(sorted: values.sorted(), p)
  }

  /// The `p`-th quantile (0…1) of already sorted `values` (NaN when empty).
  public func quantile(sorted values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let n = Double(values.count)
    let position: Double
    switch self {
    case .linear: position = (n - 1) * p
    case .hazen: position = n * p - 0.5
    }
    let clamped = min(max(position, 0), n - 1)
    let low = Int(clamped.rounded(.down))
    let high = min(low + 1, values.count - 1)
    let fraction = clamped - Double(low)
    return values[low] + (values[high] - values[low]) * fraction
  }
}
