import FingerpostCore
import Foundation
import Scoring

/// The scores of a leave-one-walk-out evaluation: pooled per localizer with block-bootstrap
/// intervals, and per walk.
public struct WalkEvaluationReport: Sendable {
  /// One walk replayed with a map of the others.
  public struct WalkResult: Sendable {
    /// The path file's name.
    public var name: String
    /// Its floor's ordinal.
    public var ordinal: Int
    /// Its length, seconds.
    public var seconds: Double
    /// Scans in the map it was localized with.
    public var mapScans: Int
    /// Per localizer (`LocalizerKind.rawValue`, or `knn`), the instants scored at 2 Hz.
    public var instants: [String: [Instant]]
  }

  /// One pooled metric: its value and 95 % interval.
  public struct Value: Sendable, Hashable, Codable {
    public var value: Double
    public var low: Double
    public var high: Double
  }

  /// The pooled scores of one localizer.
  public struct Pooled: Sendable, Hashable, Codable {
    /// `pf`, `fingerprint` (maximum likelihood) or `knn`.
    public var localizer: String
    /// Mean horizontal error, metres.
    public var mean: Value
    /// 75th percentile of the horizontal error, metres.
    public var p75: Value
    /// Share of instants on the right floor.
    public var floor: Value
    /// The competition's score: mean of error + 15 m × floor error, metres.
    public var ilc: Value
    /// Instants scored.
    public var instants: Int
  }

  /// The name of the weighted-kNN rows (each scan placed on its own by its nearest survey
  /// points), beside `LocalizerKind`'s.
  public static let knn = "knn"

  /// The site's name.
  public var site: String
  /// Folds by walk (as many as walks: leave one walk out).
  public var folds = 0
  /// The oracles the filter was given (diagnostics; none in an honest run).
  public var oracles: [String] = []
  /// What weighed the filter's scans (`ParticleFilterSettings.Measurement`).
  public var measurement = ""
  /// What was fitted to each fold's training walks, fold by fold (empty when not calibrated).
  public var calibrations: [WalkCalibration] = []
  /// Every walk, in file order.
  public var walks: [WalkResult]
  /// The localizers pooled over the walks.
  public var pooled: [Pooled]

  /// The metrics a row reports: the mean error, and three of the scoreboard's headlines.
  public enum Metric: String, CaseIterable, Sendable {
    case mean, p75, floor, ilc

    /// The metric over `instants` (NaN when there are none).
    public func value(_ instants: [Instant]) -> Double {
      switch self {
      case .mean:
        instants.isEmpty ? .nan : instants.reduce(0) { $0 + $1.error } / Double(instants.count)
      case .p75: Headline.p75.value(instants)
      case .floor: Headline.floor.value(instants)
      case .ilc: Headline.ilc.value(instants)
      }
    }
  }

  /// The report of `walks`, pooled with the scoreboards' seeded block bootstrap.
  public init(site: String, walks: [WalkResult]) throws(FingerpostError) {
    self.site = site
    self.walks = walks
    let bootstrap = Bootstrap()
    let generator = try Bootstrap.generator()
    pooled = ["pf", "fingerprint", Self.knn].map { localizer in
      let each = walks.map { $0.instants[localizer] ?? [] }
      let all = each.flatMap { $0 }
      func pooled(_ metric: Metric) -> Value {
        let (low, high) = bootstrap.interval(
          each, metric: metric.value, draw: { (try? generator.uniformInt(below: $0)) ?? 0 })
        return Value(value: metric.value(all), low: low, high: high)
      }
      return Pooled(
        localizer: localizer, mean: pooled(.mean), p75: pooled(.p75), floor: pooled(.floor),
        ilc: pooled(.ilc), instants: all.count)
    }
  }
}
