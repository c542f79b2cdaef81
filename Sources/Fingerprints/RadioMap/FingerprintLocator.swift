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
  public var floorRSSI: Float = -105
  /// Exponent of the "powed" representation ((RSSI − floor) / −floor)^e; 1 is linear. The
  /// default, e, with the Sørensen distance, is the best kNN setting of Torres-Sospedra et al.
  /// (2015) on UJIIndoorLoc.
  public var representationExponent: Float = 2.718
  /// Sørensen (Bray–Curtis) distance instead of Manhattan.
  public var sorensen = true

  @inline(__always)
  func positive(_ rssi: Float) -> Float {
    let x = max(rssi - floorRSSI, 0) / -floorRSSI
    return representationExponent == 1 ? x : pow(x, representationExponent)
  }

  /// Creates a locator for `map`.
  public init(map: RadioMap) {
    self.map = map
  }

  /// Weighted kNN in signal space (Sørensen distance over powed RSSI above `floorRSSI`), level by
  /// weighted vote of the neighbours, position the weighted mean of the neighbours on that level.
  public func nearestNeighbours(_ scan: PreparedScan) -> Fix? {
    nearestNeighbourEstimate(scan).map { map.fix(scan.time, $0) }
  }

  func nearestNeighbourEstimate(_ scan: PreparedScan) -> LevelEstimate? {
    guard !scan.sparse.isEmpty else { return nil }
    var best: [(distance: Float, level: Int, point: Int)] = []
    for (l, level) in map.levels.enumerated() {
      for (p, point) in level.points.enumerated() {
        let d = distance(scan.sparse, point.readings)
        if best.count < k || d < best[best.count - 1].distance {
          let at = best.firstIndex { d < $0.distance } ?? best.count
          best.insert((d, l, p), at: at)
          if best.count > k { best.removeLast() }
        }
      }
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

  /// Manhattan distance between a scan and a survey point in the positive representation
  /// (RSSI − `floorRSSI`, 0 when not heard), the point's value being its expectation over its
  /// scans: detection share × (mean RSSI − floor).
  func distance(_ scan: [(ap: Int32, rssi: Float)], _ point: [RadioMap.Observation]) -> Float {
    var i = 0
    var j = 0
    var total: Float = 0
    var sum: Float = 0
    while i < scan.count || j < point.count {
      let u: Float
      let v: Float
      if j == point.count || (i < scan.count && scan[i].ap < point[j].accessPoint) {
        u = positive(scan[i].rssi)
        v = 0
        i += 1
      } else if i == scan.count || point[j].accessPoint < scan[i].ap {
        u = 0
        v = point[j].detection * positive(point[j].rssi)
        j += 1
      } else {
        u = positive(scan[i].rssi)
        v = point[j].detection * positive(point[j].rssi)
        i += 1
        j += 1
      }
      total += abs(u - v)
      sum += u + v
    }
    return sorensen ? total / max(sum, 1e-6) : total
  }

  /// Maximum likelihood with the device's RSSI offset estimated from the scan: locate with no
  /// offset, take the median of (reading − expected RSSI) at that spot, and locate again.
  public func maximumLikelihoodWithOffset(_ scan: PreparedScan) -> (fix: Fix, offset: Double)? {
    guard let first = maximumLikelihoodEstimate(scan, deviceOffset: 0) else { return nil }
    let offset = map.deviceOffset(scan, level: first.level, at: first.position)
    guard abs(offset) > 0.5, let second = maximumLikelihoodEstimate(scan, deviceOffset: offset)
    else {
      return (map.fix(scan.time, first), 0)
    }
    return (map.fix(scan.time, second), offset)
  }

  /// Maximum likelihood over the grid: the level with the highest marginal likelihood (among
  /// levels that know most of the scan's APs), then the posterior mean of its cells.
  public func maximumLikelihood(_ scan: PreparedScan, deviceOffset: Double = 0) -> Fix? {
    maximumLikelihoodEstimate(scan, deviceOffset: deviceOffset).map { map.fix(scan.time, $0) }
  }

  func maximumLikelihoodEstimate(_ scan: PreparedScan, deviceOffset: Double) -> LevelEstimate? {
    let knownCounts = scan.known.map(\.count)
    guard let most = knownCounts.max(), most > 0 else { return nil }
    var bestLevel = -1
    var bestEvidence = -Double.infinity
    var bestScores: [(cell: Int, score: Double)] = []
    for (l, level) in map.levels.enumerated() where Double(knownCounts[l]) >= 0.7 * Double(most) {
      var scores: [(cell: Int, score: Double)] = []
      scores.reserveCapacity(level.inside.count)
      for cell in level.inside.indices where level.inside[cell] {
        scores.append(
          (cell, map.logLikelihood(scan, level: l, cell: cell, deviceOffset: deviceOffset)))
      }
      guard let top = scores.map(\.score).max() else { continue }
      let evidence = top + log(scores.reduce(0) { $0 + exp($1.score - top) })
      if evidence > bestEvidence {
        bestEvidence = evidence
        bestLevel = l
        bestScores = scores
      }
    }
    guard bestLevel >= 0, let top = bestScores.map(\.score).max() else { return nil }
    let level = map.levels[bestLevel]
    var total = 0.0
    var sum = Point.zero
    var weighted: [(point: Point, weight: Double)] = []
    for (cell, score) in bestScores where score > top - 20 {
      let w = exp(score - top)
      let p = level.center(of: cell)
      weighted.append((p, w))
      sum = sum + p * w
      total += w
    }
    let position = sum / total
    // Accuracy: the radius around the estimate that holds 95 % of the posterior weight.
    let byDistance = weighted.map { ($0.point.distance(to: position), $0.weight) }.sorted {
      $0.0 < $1.0
    }
    var mass = 0.0
    var radius = level.spacing
    for (d, w) in byDistance {
      mass += w
      radius = d
      if mass >= 0.95 * total { break }
    }
    return LevelEstimate(
      level: bestLevel, position: position, accuracy: max(radius, level.spacing))
  }
}

extension RadioMap {
  /// The fix of an estimate at time `t`: its level's ordinal, IMDF ids and, when the map's frame
  /// is local to a WGS84 origin, its coordinate.
  func fix(_ t: Double, _ estimate: LevelEstimate) -> Fix {
    let level = levels[estimate.level]
    return Fix(
      t: t, position: estimate.position,
      coordinate: frame == nil
        ? origin.map { LocalFrame(origin: $0).coordinate(for: estimate.position) } : nil,
      ordinal: level.ordinal, levelID: level.levelID, building: level.building,
      accuracy: estimate.accuracy)
  }

  /// The index of the level a fix is on: its IMDF level id, else its ordinal and building.
  public func levelIndex(of fix: Fix) -> Int? {
    if let id = fix.levelID, let i = levels.firstIndex(where: { $0.levelID == id }) { return i }
    return levels.firstIndex { $0.ordinal == fix.ordinal && $0.building == fix.building }
  }
}
