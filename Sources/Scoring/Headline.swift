/// The headline metrics a scoreboard shows and a baseline guards.
public enum Headline: String, CaseIterable, Sendable, Codable {
  /// IPIN/EvAAL score, metres (lower is better).
  case evaal
  /// Microsoft ILC score, metres (lower is better).
  case ilc
  /// 75th percentile of the horizontal error, metres (lower is better).
  case p75
  /// Floor hit rate, 0…1 (higher is better).
  case floor
  /// Unit hit rate, 0…1 (higher is better).
  case unit

  /// Whether a larger value is better.
  public var higherIsBetter: Bool { self == .floor || self == .unit }

  /// The metric over pooled instants (NaN when there are none to judge).
  public func value(_ instants: [Instant], percentiles: PercentileMethod = .linear) -> Double {
    switch self {
    case .evaal: return percentiles.quantile(instants.map(\.evaalError), 0.75)
    case .ilc:
      return instants.isEmpty
        ? .nan : instants.reduce(0) { $0 + $1.ilcError } / Double(instants.count)
    case .p75: return percentiles.quantile(instants.map(\.error), 0.75)
    case .floor:
      return instants.isEmpty
        ? .nan : Double(instants.count { $0.floorError == 0 }) / Double(instants.count)
    case .unit:
      let judged = instants.compactMap(\.unitHit)
      return judged.isEmpty ? .nan : Double(judged.count { $0 }) / Double(judged.count)
    }
  }
}
