import Geometry
import Scoring

extension FingerprintEvaluation {
  /// Accuracy targets an evaluation must meet (each optional).
  public struct Requirements: Sendable {
    /// The largest mean error allowed, map units.
    public var mean: Double?
    /// The largest median error allowed, map units.
    public var median: Double?
    /// The smallest floor hit rate allowed, percent.
    public var floor: Double?
    /// The smallest building hit rate allowed, percent.
    public var building: Double?

    /// Targets; nil ones are not checked.
    public init(
      mean: Double? = nil, median: Double? = nil, floor: Double? = nil, building: Double? = nil
    ) {
      self.mean = mean
      self.median = median
      self.floor = floor
      self.building = building
    }

    /// Whether any target is set.
    public var isEmpty: Bool { [mean, median, floor, building].allSatisfy { $0 == nil } }
  }

  /// The `p`-th quantile (0…1) of the errors, linear interpolation.
  public func quantile(_ p: Double, ground: Bool = false) -> Double {
    PercentileMethod.linear.quantile(ground ? groundErrors : errors, p)
  }

  /// The targets this evaluation misses, in words (empty when it meets them all).
  public func missed(_ targets: Requirements) -> [String] {
    var missed: [String] = []
    let median = quantile(0.5)
    if let limit = targets.mean, !(meanError <= limit) {
      missed.append("mean \(meanError.formatted(decimals: 2)) > \(limit)")
    }
    if let limit = targets.median, !(median <= limit) {
      missed.append("median \(median.formatted(decimals: 2)) > \(limit)")
    }
    if let limit = targets.floor, !(floorHitRate * 100 >= limit) {
      missed.append("floor hit \((floorHitRate * 100).formatted(decimals: 1)) % < \(limit) %")
    }
    if let limit = targets.building, !(buildingHitRate * 100 >= limit) {
      missed.append(
        "building hit \((buildingHitRate * 100).formatted(decimals: 2)) % < \(limit) %")
    }
    return missed
  }

  /// The evaluations as an aligned table: one row per method, and for maps in EPSG:3857 a row
  /// in map units and one in ground metres.
  public static func table(_ evaluations: [FingerprintEvaluation], projected: Bool) -> String {
    var rows = [
      ["method", "located", "mean", "median", "p75", "p95", "floor hit", "building hit", "µs/scan"]
    ]
    for e in evaluations {
      func stats(ground: Bool, _ label: String) -> [String] {
        let values = ground ? e.groundErrors : e.errors
        return [
          "\(e.method.rawValue)\(label)", "\(e.located)/\(e.total)",
          (values.reduce(0, +) / Double(max(values.count, 1))).formatted(decimals: 2),
          e.quantile(0.5, ground: ground).formatted(decimals: 2),
          e.quantile(0.75, ground: ground).formatted(decimals: 2),
          e.quantile(0.95, ground: ground).formatted(decimals: 2),
          "\((e.floorHitRate * 100).formatted(decimals: 1)) %",
          "\((e.buildingHitRate * 100).formatted(decimals: 2)) %",
          (e.secondsPerScan * 1e6).formatted(decimals: 0),
        ]
      }
      rows +=
        projected
        ? [stats(ground: false, " (EPSG:3857 m)"), stats(ground: true, " (ground m)")]
        : [stats(ground: false, " (m)")]
    }
    let widths = rows[0].indices.map { c in rows.map { $0[c].count }.max()! }
    return rows.map { row in
      row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
        .joined(separator: "  ")
    }
    .joined(separator: "\n")
  }
}
