import FingerpostCore
import Foundation
import Geometry

/// A single-scan estimate on one level of the map, before it is named as a `Fix`.
struct LevelEstimate {
  /// Index into `RadioMap.levels`.
  var level: Int
  /// The position in the map's frame, metres.
  var position: Point
  /// Radius holding about 95 % of the estimate's probability mass, metres.
  var accuracy: Double
}

/// Single-scan positioning against a radio map: weighted kNN over the survey points, or maximum
/// likelihood over the map's grid with the level chosen first (by its marginal likelihood).
public struct FingerprintLocator: Sendable {
  /// The map.
  public let map: RadioMap
  /// Neighbours used by kNN.
  public var k = 5
  /// RSSI given to an AP that is not heard, for the kNN signal distance (dBm).
  public let floorRSSI: Float
  /// Exponent of the "powed" representation ((RSSI − floor) / −floor)^e; 1 is linear. The
  /// default, e, with the Sørensen distance, is the best kNN setting of Torres-Sospedra et al.
  /// (2015) on UJIIndoorLoc.
  public let representationExponent: Float
  /// Sørensen (Bray–Curtis) distance instead of Manhattan.
  public var sorensen = true
  /// The likelihood scores only the cells near this many survey points nearest the scan in
  /// signal space (0: every mapped cell of every level that knows the scan).
  public var candidatePoints = Self.defaultCandidatePoints
  /// How far around each candidate survey point the likelihood scores cells at least, metres
  /// (map units); on a level surveyed more sparsely, 1.5 × its survey spacing. 3 m: the same
  /// fixes as 5 m on ILC, IPIN and the convention centre, as good or better on the mall, the
  /// office and UJIIndoorLoc, 0.03 m worse on the sparse office, and a fifth to a quarter less
  /// time a scan (docs/service.md).
  public var candidateRadius = Self.defaultCandidateRadius
  /// `candidatePoints` unless set.
  public static let defaultCandidatePoints = 16
  /// `candidateRadius` unless set, metres.
  public static let defaultCandidateRadius = 3.0
  /// Below this many (cell, reading) terms over the levels that know the scan, the likelihood
  /// scores every mapped cell: a scan of few APs, where signal space says least, costs little.
  public var exhaustiveTerms = 20_000
  /// Per level, the typical distance between its survey points, metres: √(mapped area / points).
  let surveySpacing: [Double]
  /// Per level, the indices of its mapped cells (those the likelihood scores).
  let mappedCells: [[Int]]
  /// The survey points indexed by AP in the representation above.
  let neighbours: NeighbourIndex

  /// Creates a locator for `map`, indexing its survey points for kNN with the representation
  /// of `floorRSSI` (dBm) and `representationExponent`.
  public init(map: RadioMap, floorRSSI: Float = -105, representationExponent: Float = 2.718) {
    self.map = map
    self.floorRSSI = floorRSSI
    self.representationExponent = representationExponent
    neighbours = NeighbourIndex(map: map) {
      Self.positive($0, floor: floorRSSI, exponent: representationExponent)
    }
    let mappedCells = map.levels.map { level in level.inside.indices.filter { level.inside[$0] } }
    self.mappedCells = mappedCells
    surveySpacing = map.levels.indices.map { l in
      let level = map.levels[l]
      let area = Double(mappedCells[l].count) * level.spacing * level.spacing
      return (area / Double(max(level.points.count, 1))).squareRoot()
    }
  }

  /// The positive representation of an RSSI (dBm): ((RSSI − floor) / −floor)^exponent, 0 at or
  /// below the floor.
  @inline(__always)
  static func positive(_ rssi: Float, floor: Float, exponent: Float) -> Float {
    let x = max(rssi - floor, 0) / -floor
    return exponent == 1 ? x : pow(x, exponent)
  }

  /// `positive(_:floor:exponent:)` with this locator's settings.
  func positive(_ rssi: Float) -> Float {
    Self.positive(rssi, floor: floorRSSI, exponent: representationExponent)
  }

  /// Weighted kNN in signal space (Sørensen distance over powed RSSI above `floorRSSI`), level by
  /// weighted vote of the neighbours, position the weighted mean of the neighbours on that level.
  public func nearestNeighbours(_ scan: PreparedScan) -> Fix? {
    nearestNeighbourEstimate(scan).map { map.fix(scan.time, $0) }
  }

  /// The signal distance from `scan` to every survey point, in `neighbours`' order.
  func signalDistances(_ scan: PreparedScan) -> [Float] {
    neighbours.distances(scan.sparse.map { ($0.ap, positive($0.rssi)) }, sorensen: sorensen)
  }

  func nearestNeighbourEstimate(_ scan: PreparedScan) -> LevelEstimate? {
    guard !scan.sparse.isEmpty else { return nil }
    let best = NeighbourIndex.nearest(k, of: signalDistances(scan)).map {
      (
        distance: $0.distance, level: Int(neighbours.level[$0.index]),
        point: Int(neighbours.point[$0.index])
      )
    }
    guard !best.isEmpty else { return nil }
    var votes: [Int: Double] = [:]
    let scale = best[0].distance + 1e-6
    for n in best { votes[n.level, default: 0] += Double(scale / (n.distance + 1e-6)) }
    let level = votes.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
    let chosen = best.filter { $0.level == level }
    var total = 0.0
    var sum = Point.zero
    for n in chosen {
      let w = Double(scale / (n.distance + 1e-6))
      sum = sum + map.levels[level].points[n.point].position * w
      total += w
    }
    let position = sum / total
    let spread =
      chosen.map { map.levels[level].points[$0.point].position.distance(to: position) }.max() ?? 0
    return LevelEstimate(
      level: level, position: position, accuracy: max(spread * 1.5, map.levels[level].spacing * 2))
  }
}

extension RadioMap {
  /// The fix of an estimate at time `t`: its level's ordinal, IMDF ids and, when the map's frame
  /// is local to a WGS84 origin or is Web Mercator (EPSG:3857), its coordinate.
  func fix(_ t: Double, _ estimate: LevelEstimate) -> Fix {
    let level = levels[estimate.level]
    return Fix(
      t: t, position: estimate.position, coordinate: coordinate(for: estimate.position),
      ordinal: level.ordinal, levelID: level.levelID, building: level.building,
      accuracy: estimate.accuracy)
  }

  /// The WGS84 position of map point `p`, when the map's frame has one.
  public func coordinate(for p: Point) -> GeoCoordinate? { mapFrame.coordinate(for: p) }

  /// Ground metres per map metre at `p`: 1, except in Web Mercator (cos latitude) (1 in a
  /// projection this tool does not know).
  public func groundScale(at p: Point) -> Double { mapFrame.groundScale(at: p) ?? 1 }

  /// The index of the level a fix is on: its IMDF level id, else its ordinal and building.
  public func levelIndex(of fix: Fix) -> Int? {
    if let id = fix.levelID, let i = levels.firstIndex(where: { $0.levelID == id }) { return i }
    return levels.firstIndex { $0.ordinal == fix.ordinal && $0.building == fix.building }
  }
}
