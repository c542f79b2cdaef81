import FingerpostCore
import FloorPlans
import Foundation
import Randomness
import Replay
import Scoring

/// What `fingerpost assess` reports: the localizers' scores pooled over every walk and, for the
/// particle filter, per level, with 95 % bootstrap intervals; and every walk's worst moment.
public struct AssessmentReport: Sendable, Codable {
  /// One walk's particle-filter summary.
  public struct WalkRow: Sendable, Codable, Equatable {
    /// The walk's number, from 1.
    public var walk: Int
    /// The seed it was simulated with.
    public var seed: UInt64
    /// Its length in seconds.
    public var seconds: Double
    /// Its EvAAL score (75th percentile of the EvAAL error), metres.
    public var evaal: Double
    /// The longest stretch with the EvAAL error above 10 m, seconds.
    public var longestAbove10m: Double
    /// The largest EvAAL error, metres, when it happened (s) and where the walker was.
    public var worstError: Double, worstTime: Double, worstPlace: String
  }

  /// The venue's name.
  public var venue: String
  /// APs in the radio world.
  public var accessPoints: Int
  /// Scans of the simulated survey.
  public var surveyScans: Int
  /// Pooled rows per localizer (scenario `all walks`), then the filter's per level.
  public var scoreboard: Scoreboard
  /// One row per walk, worst EvAAL first.
  public var walks: [WalkRow]

  /// The report of `walks` on `plans`.
  init(
    venue: String, plans: FloorPlanSet, accessPoints: Int, surveyScans: Int,
    walks: [AssessedWalk]
  ) throws(FingerpostError) {
    self.venue = venue
    self.accessPoints = accessPoints
    self.surveyScans = surveyScans
    let bootstrap = Bootstrap()
    let generator: RandomGenerator
    do {
      generator = try RandomGenerator(seed: 2026)
    } catch {
      throw FingerpostError(.invalidValue, "the bootstrap generator: \(error)")
    }
    func row(_ scenario: String, _ localizer: String, _ instants: [[Instant]]) -> Scoreboard.Row {
      Scoreboard.row(
        scenario: scenario, localizer: localizer, walks: instants, bootstrap: bootstrap,
        draw: { (try? generator.uniformInt(below: $0)) ?? 0 })
    }
    var rows = LocalizerKind.allCases.map { kind in
      row("all walks", kind.rawValue, walks.map { $0.instants[kind.rawValue] ?? [] })
    }
    // The filter per level: each instant on the level the walker truly was on.
    let pf = LocalizerKind.pf.rawValue
    var byFloor: [FloorID: [[Instant]]] = [:]
    for walk in walks {
      var mine: [FloorID: [Instant]] = [:]
      for instant in walk.instants[pf] ?? [] {
        guard let truth = Self.truth(at: instant.t, in: walk.truth),
          let floor = plans.floor(atOrdinal: truth.ordinal, containing: truth.position)
        else { continue }
        mine[floor, default: []].append(instant)
      }
      for (floor, instants) in mine { byFloor[floor, default: []].append(instants) }
    }
    for floor in plans.floors where byFloor[floor] != nil {
      rows.append(row(Self.label(floor, plans), pf, byFloor[floor]!))
    }
    scoreboard = Scoreboard(seeds: walks.count, resamples: bootstrap.resamples, rows: rows)
    self.walks = walks.map { Self.walkRow($0, plans: plans) }.sorted { $0.evaal > $1.evaal }
  }

  /// A level's name in the report: ordinal, short name and name, and its building when
  /// several share the ordinal.
  static func label(_ floor: FloorID, _ plans: FloorPlanSet) -> String {
    let plan = plans[floor]
    let shared = plans.floors(atOrdinal: plan.ordinal).count > 1
    return "level \(plan.ordinal) \(plan.shortName)"
      + (shared ? " (\(plan.name), \(plan.buildingIDs.first?.prefix(8) ?? "outdoor"))" : "")
  }

  /// The truth sample in force at `t`: the latest at or before it.
  static func truth(at t: Double, in truth: [TruthSample]) -> TruthSample? {
    var (low, high) = (0, truth.count)
    while low < high {
      let mid = (low + high) / 2
      if truth[mid].t <= t { low = mid + 1 } else { high = mid }
    }
    return low > 0 ? truth[low - 1] : truth.first
  }

  /// The filter's summary of one walk.
  static func walkRow(_ walk: AssessedWalk, plans: FloorPlanSet) -> WalkRow {
    let instants = walk.instants[LocalizerKind.pf.rawValue] ?? []
    let errors = instants.map(\.evaalError)
    var (longest, start): (Double, Double?) = (0, nil)
    for instant in instants {
      if instant.evaalError > 10 {
        let from = start ?? instant.t
        start = from
        longest = max(longest, instant.t - from)
      } else {
        start = nil
      }
    }
    let worst = instants.max { $0.evaalError < $1.evaalError }
    var place = "—"
    if let worst, let truth = truth(at: worst.t, in: walk.truth) {
      let floor = plans.floor(atOrdinal: truth.ordinal, containing: truth.position)
      let unit = floor.flatMap { plans[$0].unit(at: truth.position) }
      place =
        "level \(truth.ordinal), " + (unit?.label ?? "outside every unit")
        + " (\(truth.position.x.formatted(decimals: 0)), \(truth.position.y.formatted(decimals: 0)))"
    }
    return WalkRow(
      walk: walk.index + 1, seed: walk.seed, seconds: walk.truth.last?.t ?? 0,
      evaal: PercentileMethod.linear.quantile(errors, 0.75), longestAbove10m: longest,
      worstError: worst?.evaalError ?? 0, worstTime: worst?.t ?? 0, worstPlace: place)
  }
}
