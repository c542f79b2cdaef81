import FingerpostCore
import Foundation
import Randomness
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
    /// Per localizer, the instants at the truth's checkpoints (where IPIN scores).
    public var checkpoints: [String: [Instant]] = [:]
    /// Per localizer, seconds from each true floor change until the estimate follows (nil:
    /// never, before the next change).
    public var floorDelays: [String: [Double?]] = [:]
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
    /// The IPIN score: 75th percentile of error + 15 m × floor error at the checkpoints, metres.
    public var ipin: Value
    /// Share of checkpoints on the right floor.
    public var checkpointFloor: Value
    /// Instants scored.
    public var instants: Int
    /// Checkpoints scored.
    public var checkpoints: Int
  }

  /// The name of the weighted-kNN rows (each scan placed on its own by its nearest survey
  /// points), beside `LocalizerKind`'s.
  public static let knn = "knn"

  /// The site's name.
  public var site: String
  /// How the site was recorded (`WalkEvaluation.Format`): an IPIN site is reported by its
  /// checkpoints.
  public var format = "ilc"
  /// Folds by walk (as many as walks: leave one walk out).
  public var folds = 0
  /// The oracles the filter was given (diagnostics; none in an honest run).
  public var oracles: [String] = []
  /// What weighed the filter's scans (`ParticleFilterSettings.Measurement`).
  public var measurement = ""
  /// How each fold chose its measurement on its training walks (empty when it was given).
  public var measurementChoices: [WalkEvaluation.MeasurementChoice] = []
  /// What was fitted to each fold's training walks, fold by fold (empty when not calibrated).
  public var calibrations: [WalkCalibration] = []
  /// Every walk, in file order.
  public var walks: [WalkResult]
  /// The localizers pooled over the walks.
  public var pooled: [Pooled]

  /// The metrics a row reports: the mean error, and three of the scoreboard's headlines.
  public enum Metric: String, CaseIterable, Sendable {
    case mean, p75, floor, ilc
    /// The IPIN score: the 75th percentile of error + 15 m × floors missed (of checkpoints).
    case ipin

    /// The metric over `instants` (NaN when there are none).
    public func value(_ instants: [Instant]) -> Double {
      switch self {
      case .mean:
        instants.isEmpty ? .nan : instants.reduce(0) { $0 + $1.error } / Double(instants.count)
      case .p75: Headline.p75.value(instants)
      case .floor: Headline.floor.value(instants)
      case .ilc: Headline.ilc.value(instants)
      case .ipin: Headline.evaal.value(instants)
      }
    }
  }

  /// The report of `walks`, pooled with the scoreboards' seeded block bootstrap.
  public init(site: String, walks: [WalkResult]) throws(FingerpostError) {
    self.site = site
    self.walks = walks
    let bootstrap = Bootstrap()
    let generator = try Bootstrap.generator()
    // The checkpoint metrics draw from a stream of their own.
    let checkpointGenerator = try Bootstrap.generator()
    pooled = ["pf", "fingerprint", Self.knn].map { localizer in
      let each = walks.map { $0.instants[localizer] ?? [] }
      let atCheckpoints = walks.map { $0.checkpoints[localizer] ?? [] }
      func pooled(
        _ metric: (([Instant]) -> Double), _ each: [[Instant]], _ generator: RandomGenerator
      ) -> Value {
        let (low, high) = bootstrap.interval(
          each, metric: metric, draw: { (try? generator.uniformInt(below: $0)) ?? 0 })
        return Value(value: metric(each.flatMap { $0 }), low: low, high: high)
      }
      return Pooled(
        localizer: localizer, mean: pooled(Metric.mean.value, each, generator),
        p75: pooled(Metric.p75.value, each, generator),
        floor: pooled(Metric.floor.value, each, generator),
        ilc: pooled(Metric.ilc.value, each, generator),
        ipin: pooled(Metric.ipin.value, atCheckpoints, checkpointGenerator),
        checkpointFloor: pooled(Metric.floor.value, atCheckpoints, checkpointGenerator),
        instants: each.joined().count, checkpoints: atCheckpoints.joined().count)
    }
  }
}
