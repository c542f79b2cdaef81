import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Randomness
import Replay
import Scoring

/// What `fingerpost assess` reports: the localizers' scores pooled over every walk and, for the
/// particle filter, per level and per unit category, with 95 % bootstrap intervals; every walk's
/// worst moment; and per unit, the measured error beside what the radio map predicts.
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
    /// Seconds from the start until the error stays under 3 m on the right floor for 10 s
    /// (nil: never).
    public var timeToFirstFix: Double?
  }

  /// One kidnap walk: when the walker was carried off, where to, and the filter's recovery.
  public struct KidnapRow: Sendable, Codable, Equatable {
    /// The walk's number, from 1 (after the ordinary walks).
    public var walk: Int
    /// The seed it was simulated with.
    public var seed: UInt64
    /// When the walker was carried off, seconds from the start.
    public var at: Double
    /// How far, metres, and where to.
    public var distance: Double, place: String
    /// Seconds from the kidnap until the error stays under 3 m on the right floor for 10 s
    /// (nil: never).
    public var recovery: Double?
  }

  /// Times of a set of walks or kidnaps: median and 90th percentile of those that settled,
  /// seconds, and how many never did.
  public struct Times: Sendable, Codable, Equatable {
    /// How many walks or kidnaps.
    public var count: Int
    /// The median and the 90th percentile, counting one that never settled as infinitely
    /// late (nil when that is the answer, or there are none), seconds.
    public var median: Double?, p90: Double?
    /// How many never settled.
    public var never: Int
    /// The share settled within `target` seconds.
    public var withinTarget: Double
    /// The target, seconds.
    public var target: Double

    init(_ times: [Double?], target: Double) {
      count = times.count
      never = times.count { $0 == nil }
      let sorted = times.map { $0 ?? .infinity }.sorted()
      func quantile(_ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let value = PercentileMethod.linear.quantile(sorted: sorted, q)
        return value.isFinite ? value : nil
      }
      median = quantile(0.5)
      p90 = quantile(0.9)
      withinTarget =
        times.isEmpty ? 0 : Double(times.count { ($0 ?? .infinity) <= target }) / Double(count)
      self.target = target
    }
  }

  /// The venue's name.
  public var venue: String
  /// APs in the radio world.
  public var accessPoints: Int
  /// Scans of the simulated survey.
  public var surveyScans: Int
  /// Pooled rows per localizer (scenario `all walks`), then the filter's per level (`level …`)
  /// and per unit category (`category …`).
  public var scoreboard: Scoreboard
  /// One row per walk, worst EvAAL first.
  public var walks: [WalkRow]
  /// The filter's time to first fix over the ordinary walks (target 10 s).
  public var timeToFirstFix: Times
  /// One row per kidnap walk, in order.
  public var kidnaps: [KidnapRow]
  /// The filter's recovery times over the kidnaps (target 30 s).
  public var recovery: Times
  /// Every walkable unit: measured and expected error, APs heard, survey distance; in the
  /// venue's order.
  public var units: [UnitRow]
  /// How well the expected error explains the measured one, over the units.
  public var explanation: Explanation
  /// Squares over the walkable space with what the map says and the measured error (nil unless
  /// asked for with a cell size).
  public var cells: [CellRow]?
  /// The side of the grid's squares, metres (nil: no grid).
  public var cellSize: Double?
  /// Units the walks could not stop in, as `level: unit`: no door, portal or connector joins
  /// them to enough others for a walk.
  public var notWalked: [String] = []

  /// The report of `walks` on `plans`.
  init(
    venue: String, plans: FloorPlanSet, map: RadioMap, accessPoints: Int, surveyScans: Int,
    walks: [AssessedWalk], kidnapped: [AssessedWalk] = [], cellSize: Double? = nil
  ) throws(FingerpostError) {
    self.venue = venue
    self.accessPoints = accessPoints
    self.surveyScans = surveyScans
    let bootstrap = Bootstrap()
    let generator = try Bootstrap.generator()
    func row(
      _ scenario: String, _ localizer: String, _ instants: [[Instant]],
      from generator: RandomGenerator
    ) -> Scoreboard.Row {
      Scoreboard.row(
        scenario: scenario, localizer: localizer, walks: instants, bootstrap: bootstrap,
        draw: { (try? generator.uniformInt(below: $0)) ?? 0 })
    }
    func row(_ scenario: String, _ localizer: String, _ instants: [[Instant]]) -> Scoreboard.Row {
      row(scenario, localizer, instants, from: generator)
    }
    // The baselines compared with real walks (fingerprint and kNN per level, kNN overall) draw
    // their intervals from a generator of their own, so that adding them left every other row's
    // interval as it was.
    let baselines = try Bootstrap.generator()
    var rows = LocalizerKind.allCases.map { kind in
      row(
        "all walks", kind.rawValue, walks.map { $0.instants[kind.rawValue] ?? [] },
        from: kind == .knn ? baselines : generator)
    }
    // The filter per level and per unit category: each instant where the walker truly was.
    let pf = LocalizerKind.pf.rawValue
    let placed = walks.map { Self.places(of: $0, plans: plans) }
    let byFloor = Self.byFloor(walks, placed: placed, localizer: pf)
    var byCategory: [String: [[Instant]]] = [:]
    for (walk, places) in zip(walks, placed) {
      var categories: [String: [Instant]] = [:]
      for instant in walk.instants[pf] ?? [] {
        guard let unit = places[instant.t]?.unit else { continue }
        categories[plans.unit(unit).category, default: []].append(instant)
      }
      for (category, instants) in categories {
        byCategory[category, default: []].append(instants)
      }
    }
    let compared = byFloor.count > 1 ? [LocalizerKind.fingerprint, .knn] : []
    let baselineFloors = compared.map {
      ($0.rawValue, Self.byFloor(walks, placed: placed, localizer: $0.rawValue))
    }
    for floor in plans.floors where byFloor[floor] != nil {
      let label = Self.label(floor, plans)
      rows.append(row(label, pf, byFloor[floor]!))
      for (localizer, floors) in baselineFloors {
        guard let instants = floors[floor] else { continue }
        rows.append(row(label, localizer, instants, from: baselines))
      }
    }
    for category in byCategory.keys.sorted() {
      rows.append(row("category \(category)", pf, byCategory[category]!))
    }
    scoreboard = Scoreboard(seeds: walks.count, resamples: bootstrap.resamples, rows: rows)
    let walkRows = walks.map { Self.walkRow($0, plans: plans) }
    timeToFirstFix = Times(walkRows.map(\.timeToFirstFix), target: 10)
    self.walks = walkRows.sorted { $0.evaal > $1.evaal }
    kidnaps = kidnapped.compactMap { Self.kidnapRow($0, plans: plans) }
    recovery = Times(kidnaps.map(\.recovery), target: 30)
    units = Self.unitRows(
      walks: walks, places: placed, plans: plans, map: map, rate: Scorer().rate)
    explanation = Self.explanation(units)
    self.cellSize = cellSize
    cells = cellSize.map {
      Self.cellRows(size: $0, walks: walks, plans: plans, map: map, rate: Scorer().rate)
    }
  }

  /// Per level, each walk's instants of `localizer` where the walker truly was on it.
  static func byFloor(
    _ walks: [AssessedWalk], placed: [Places], localizer: String
  ) -> [FloorID: [[Instant]]] {
    var byFloor: [FloorID: [[Instant]]] = [:]
    for (walk, places) in zip(walks, placed) {
      var floors: [FloorID: [Instant]] = [:]
      for instant in walk.instants[localizer] ?? [] {
        guard let place = places[instant.t] else { continue }
        floors[place.floor, default: []].append(instant)
      }
      for (floor, instants) in floors { byFloor[floor, default: []].append(instants) }
    }
    return byFloor
  }

  /// The filter's recovery in a kidnap walk (nil when the walk ended before the kidnap).
  static func kidnapRow(_ walk: AssessedWalk, plans: FloorPlanSet) -> KidnapRow? {
    let scorer = Scorer()
    guard let at = scorer.kidnaps(walk.truth).first,
      let k = walk.truth.firstIndex(where: { $0.t >= at }), k > 0
    else { return nil }
    let instants = walk.instants[LocalizerKind.pf.rawValue] ?? []
    return KidnapRow(
      walk: walk.index + 1, seed: walk.seed, at: at,
      distance: walk.truth[k].position.distance(to: walk.truth[k - 1].position),
      place: place(of: walk.truth[k], plans: plans),
      recovery: scorer.settled(instants, from: at))
  }

  /// Where a truth sample is: its level, unit and position.
  static func place(of truth: TruthSample, plans: FloorPlanSet) -> String {
    let floor = plans.floor(atOrdinal: truth.ordinal, containing: truth.position)
    let unit = floor.flatMap { plans[$0].unit(at: truth.position) }
    return "level \(truth.ordinal), " + (unit?.label ?? "outside every unit")
      + " (\(truth.position.x.formatted(decimals: 0)), \(truth.position.y.formatted(decimals: 0)))"
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
    TruthSample.sample(in: truth, at: t) ?? truth.first
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
    var worstPlace = "—"
    if let worst, let truth = truth(at: worst.t, in: walk.truth) {
      worstPlace = place(of: truth, plans: plans)
    }
    return WalkRow(
      walk: walk.index + 1, seed: walk.seed, seconds: walk.truth.last?.t ?? 0,
      evaal: PercentileMethod.linear.quantile(errors, 0.75), longestAbove10m: longest,
      worstError: worst?.evaalError ?? 0, worstTime: worst?.t ?? 0, worstPlace: worstPlace,
      timeToFirstFix: Scorer().settled(instants, from: walk.truth.first?.t ?? 0))
  }
}
