import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Localization
import Replay
import Scoring

extension AssessmentReport {
  /// One unit: how well the walks through it were localized, and what the radio map says about
  /// it (APs heard, survey distance, the best error a single scan can reach).
  public struct UnitRow: Sendable, Codable, Equatable {
    /// The unit's IMDF id (`LEVEL-walkway` for the derived open walkway).
    public var id: String
    /// Its name, or its category when it has none.
    public var name: String
    /// Its IMDF category.
    public var category: String
    /// Its level's IMDF id and ordinal.
    public var levelID: String, ordinal: Int
    /// Its area, m².
    public var area: Double
    /// Seconds the walkers spent in it.
    public var seconds: Double
    /// The filter's mean EvAAL error there, metres (nil: no walk went there).
    public var error: Double?
    /// The filter's share of instants there on the right floor, and in the right unit.
    public var floorHit: Double?, unitHit: Double?
    /// The fingerprint baseline's RMS horizontal error there on the right floor, metres: the
    /// measured counterpart of `expectedError`.
    public var fingerprintError: Double?
    /// The median over the unit of the Cramér–Rao bound of one scan, metres (nil: unbounded).
    public var expectedError: Double?
    /// APs a scan is expected to hear there (mean over the unit).
    public var heard: Double
    /// Mean distance to the nearest surveyed point, metres (nil: the level has no survey).
    public var surveyDistance: Double?
  }

  /// How well the radio map's own expected error explains the measured one, over the units
  /// walked for at least `minimumSeconds`.
  public struct Explanation: Sendable, Codable, Equatable {
    /// The seconds of walking a unit needs to be compared.
    public static let minimumSeconds = 10.0
    /// Units compared.
    public var units: Int
    /// Spearman's rank correlation of the expected and the fingerprint baseline's measured
    /// error (nil: fewer than 3 units).
    public var correlation: Double?
    /// The median of measured / expected error.
    public var ratio: Double?
  }

  /// Points at most every 2 m across a unit (at most `limit`, its interior point when none
  /// falls inside), where the radio map's quality is sampled.
  static func samplePoints(of unit: PlanUnit, limit: Int = 400) -> [Point] {
    guard let bounds = unit.shape.bounds else { return [] }
    let step = max(2, (unit.area / Double(limit)).squareRoot())
    var points: [Point] = []
    var y = bounds.min.y + step / 2
    while y < bounds.max.y {
      var x = bounds.min.x + step / 2
      while x < bounds.max.x {
        let p = Point(x: x, y: y)
        if unit.shape.contains(p) { points.append(p) }
        x += step
      }
      y += step
    }
    if points.isEmpty, let first = unit.shape.polygons.first { points = [first.interiorPoint] }
    return points
  }

  /// Per scored instant's time, where the walker truly was: the level, and the unit when in one.
  typealias Places = [Double: (floor: FloorID, unit: UnitRef?)]

  /// Where each scored instant of a walk (by its time) truly was: its level, and its unit
  /// when in one.
  static func places(of walk: AssessedWalk, plans: FloorPlanSet) -> Places {
    var places: Places = [:]
    for instant in walk.instants[LocalizerKind.pf.rawValue] ?? [] {
      guard let truth = truth(at: instant.t, in: walk.truth),
        let floor = plans.floor(atOrdinal: truth.ordinal, containing: truth.position)
      else { continue }
      let unit = plans[floor].unitIndex(at: truth.position)
      places[instant.t] = (floor, unit.map { UnitRef(floor: floor, unit: $0) })
    }
    return places
  }

  /// Every walkable unit (connectors too) with its measured and expected accuracy.
  static func unitRows(
    walks: [AssessedWalk], places placed: [Places], plans: FloorPlanSet, map: RadioMap,
    rate: Double
  ) -> [UnitRow] {
    var pf: [UnitRef: [Instant]] = [:]
    var fingerprint: [UnitRef: [Instant]] = [:]
    for (walk, places) in zip(walks, placed) {
      for instant in walk.instants[LocalizerKind.pf.rawValue] ?? [] {
        if let place = places[instant.t]?.unit { pf[place, default: []].append(instant) }
      }
      for instant in walk.instants[LocalizerKind.fingerprint.rawValue] ?? [] {
        if let place = places[instant.t]?.unit {
          fingerprint[place, default: []].append(instant)
        }
      }
    }
    let levelOf = Dictionary(
      map.levels.indices.compactMap { l in plans.floor(of: map.levels[l]).map { ($0, l) } },
      uniquingKeysWith: { first, _ in first })
    let units = plans.floors.flatMap { floor in
      plans[floor].units.indices.filter { plans[floor].units[$0].kind.isWalkable }.map {
        UnitRef(floor: floor, unit: $0)
      }
    }
    let (measured, baseline) = (pf, fingerprint)
    return concurrentMap(units.count) { i in
      let ref = units[i]
      let unit = plans.unit(ref)
      let qualities =
        levelOf[ref.floor].map { level in
          samplePoints(of: unit).map { map.quality(level: level, at: $0) }
        } ?? []
      let mine = measured[ref] ?? []
      let right = (baseline[ref] ?? []).filter { $0.floorError == 0 }
      func share(_ hit: (Instant) -> Bool) -> Double? {
        mine.isEmpty ? nil : Double(mine.count(where: hit)) / Double(mine.count)
      }
      let bounds = qualities.compactMap(\.expectedError).sorted()
      let distances = qualities.compactMap(\.surveyDistance)
      return UnitRow(
        id: unit.id, name: unit.label, category: unit.category,
        levelID: plans[ref.floor].levelID, ordinal: plans[ref.floor].ordinal, area: unit.area,
        seconds: Double(mine.count) / rate,
        error: mine.isEmpty ? nil : mine.reduce(0) { $0 + $1.evaalError } / Double(mine.count),
        floorHit: share { $0.floorError == 0 }, unitHit: share { $0.unitHit == true },
        fingerprintError: right.isEmpty
          ? nil
          : (right.reduce(0) { $0 + $1.error * $1.error } / Double(right.count)).squareRoot(),
        expectedError: bounds.count * 2 > qualities.count
          ? PercentileMethod.linear.quantile(sorted: bounds, 0.5) : nil,
        heard: qualities.isEmpty
          ? 0 : qualities.reduce(0) { $0 + $1.heard } / Double(qualities.count),
        surveyDistance: distances.isEmpty
          ? nil : distances.reduce(0, +) / Double(distances.count))
    }
  }

  /// The comparison of expected and measured error over the units walked long enough.
  static func explanation(_ units: [UnitRow]) -> Explanation {
    let pairs = units.compactMap { row -> (Double, Double)? in
      guard row.seconds >= Explanation.minimumSeconds, let measured = row.fingerprintError,
        let expected = row.expectedError, expected > 0
      else { return nil }
      return (expected, measured)
    }
    let ratios = pairs.map { $1 / $0 }.sorted()
    return Explanation(
      units: pairs.count,
      correlation: pairs.count >= 3
        ? spearman(pairs.map(\.0), pairs.map(\.1)) : nil,
      ratio: ratios.isEmpty ? nil : PercentileMethod.linear.quantile(sorted: ratios, 0.5))
  }

  /// Spearman's rank correlation of two samples (ties take their mean rank).
  static func spearman(_ a: [Double], _ b: [Double]) -> Double? {
    func ranks(_ values: [Double]) -> [Double] {
      let order = values.indices.sorted { values[$0] < values[$1] }
      var ranks = [Double](repeating: 0, count: values.count)
      var i = 0
      while i < order.count {
        var j = i
        while j + 1 < order.count, values[order[j + 1]] == values[order[i]] { j += 1 }
        for k in i...j { ranks[order[k]] = Double(i + j) / 2 }
        i = j + 1
      }
      return ranks
    }
    let (ra, rb) = (ranks(a), ranks(b))
    let n = Double(a.count)
    let (ma, mb) = (ra.reduce(0, +) / n, rb.reduce(0, +) / n)
    var (sab, saa, sbb) = (0.0, 0.0, 0.0)
    for (x, y) in zip(ra, rb) {
      sab += (x - ma) * (y - mb)
      saa += (x - ma) * (x - ma)
      sbb += (y - mb) * (y - mb)
    }
    return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : nil
  }
}

extension AssessmentReport {
  /// One square of the optional accuracy grid: what the radio map says there and, where the
  /// walks passed, the filter's measured error.
  public struct CellRow: Sendable, Codable, Equatable {
    /// The level's IMDF id and ordinal.
    public var levelID: String, ordinal: Int
    /// The square's centre, metres in the venue frame.
    public var x: Double, y: Double
    /// APs a scan is expected to hear there.
    public var heard: Double
    /// Distance to the nearest surveyed point, metres.
    public var surveyDistance: Double?
    /// The Cramér–Rao bound of one scan there, metres (nil: unbounded).
    public var expectedError: Double?
    /// Seconds the walkers spent in the square.
    public var seconds: Double
    /// The filter's mean EvAAL error there, metres (nil: no walk passed).
    public var error: Double?
  }

  /// Squares of `size` metres over the walkable space of every level the map covers.
  static func cellRows(
    size: Double, walks: [AssessedWalk], plans: FloorPlanSet, map: RadioMap, rate: Double
  ) -> [CellRow] {
    struct Key: Hashable {
      var floor: FloorID, column: Int, row: Int
    }
    func key(_ floor: FloorID, _ p: Point) -> Key {
      Key(
        floor: floor, column: Int((p.x / size).rounded(.down)),
        row: Int((p.y / size).rounded(.down)))
    }
    var measured: [Key: [Double]] = [:]
    for walk in walks {
      for instant in walk.instants[LocalizerKind.pf.rawValue] ?? [] {
        guard let truth = truth(at: instant.t, in: walk.truth),
          let floor = plans.floor(atOrdinal: truth.ordinal, containing: truth.position)
        else { continue }
        measured[key(floor, truth.position), default: []].append(instant.evaalError)
      }
    }
    var keys: [Key] = []
    var levels: [Int] = []
    for l in map.levels.indices {
      guard let floor = plans.floor(of: map.levels[l]),
        let bounds = plans[floor].walkableBounds
      else { continue }
      let low = key(floor, bounds.min)
      let high = key(floor, bounds.max)
      for row in low.row...high.row {
        for column in low.column...high.column {
          let centre = Point(x: (Double(column) + 0.5) * size, y: (Double(row) + 0.5) * size)
          guard plans[floor].isWalkable(centre) else { continue }
          keys.append(Key(floor: floor, column: column, row: row))
          levels.append(l)
        }
      }
    }
    let (errors, squares, levelOf) = (measured, keys, levels)
    return concurrentMap(squares.count) { i in
      let k = squares[i]
      let centre = Point(x: (Double(k.column) + 0.5) * size, y: (Double(k.row) + 0.5) * size)
      let quality = map.quality(level: levelOf[i], at: centre)
      let mine = errors[k] ?? []
      return CellRow(
        levelID: plans[k.floor].levelID, ordinal: plans[k.floor].ordinal, x: centre.x,
        y: centre.y, heard: quality.heard, surveyDistance: quality.surveyDistance,
        expectedError: quality.expectedError, seconds: Double(mine.count) / rate,
        error: mine.isEmpty ? nil : mine.reduce(0, +) / Double(mine.count))
    }
  }
}
