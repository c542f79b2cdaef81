import Foundation

/// The survey points of a radio map in kNN's positive representation, indexed by AP, so that a
/// scan's signal distance to every point costs one pass over the postings of the APs it heard.
///
/// For non-negative u and v, |u − v| = u + v − 2 min(u, v): the Manhattan distance between a
/// scan (masses U) and a point (mass V) is U + V − 2 Σ min(u, v) over the APs both hold, and the
/// Sørensen distance that over U + V. Only the shared APs need visiting; a point that shares
/// none is at Manhattan U + V, Sørensen 1.
struct NeighbourIndex: Sendable {
  /// Per point (map order: level after level), its level.
  let level: [Int32]
  /// Per point, its index in its level's `points`.
  let point: [Int32]
  /// Per point, the sum of its readings' representations (V).
  let mass: [Float]
  /// Per map-wide AP index `a`, its postings are `start[a] ..< start[a + 1]`.
  let start: [Int32]
  /// Per posting, the point.
  let postingPoint: [Int32]
  /// Per posting, the point's representation of the AP (detection × positive RSSI).
  let postingValue: [Float]

  /// Indexes every survey point of `map`, each reading mapped through `represent` (RSSI dBm →
  /// its positive representation) and weighted by its detection share.
  init(map: RadioMap, represent: (Float) -> Float) {
    var level: [Int32] = []
    var point: [Int32] = []
    var fingerprints: [[(ap: Int32, value: Float)]] = []
    for (l, plan) in map.levels.enumerated() {
      for (p, surveyPoint) in plan.points.enumerated() {
        level.append(Int32(l))
        point.append(Int32(p))
        fingerprints.append(
          surveyPoint.readings.map { ($0.accessPoint, $0.detection * represent($0.rssi)) })
      }
    }
    self.init(
      fingerprints: fingerprints, accessPoints: map.bssids.count, level: level, point: point)
  }

  /// Indexes `fingerprints` (per point: AP index below `accessPoints` and representation), each
  /// labelled with a level and a point index.
  init(
    fingerprints: [[(ap: Int32, value: Float)]], accessPoints: Int, level: [Int32], point: [Int32]
  ) {
    var mass: [Float] = []
    var counts = [Int32](repeating: 0, count: accessPoints + 1)
    for fingerprint in fingerprints {
      var total: Float = 0
      for reading in fingerprint {
        total += reading.value
        counts[Int(reading.ap) + 1] += 1
      }
      mass.append(total)
    }
    for a in 1..<counts.count { counts[a] += counts[a - 1] }
    var fill = counts
    var postingPoint = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
    var postingValue = [Float](repeating: 0, count: postingPoint.count)
    for (index, fingerprint) in fingerprints.enumerated() {
      for reading in fingerprint {
        let slot = Int(fill[Int(reading.ap)])
        postingPoint[slot] = Int32(index)
        postingValue[slot] = reading.value
        fill[Int(reading.ap)] += 1
      }
    }
    self.level = level
    self.point = point
    self.mass = mass
    self.start = counts
    self.postingPoint = postingPoint
    self.postingValue = postingValue
  }

  /// Number of points indexed.
  var count: Int { mass.count }

  /// The signal distance from a scan (per AP heard: map-wide index and representation) to every
  /// point: Sørensen when `sorensen`, else Manhattan.
  func distances(_ scan: [(ap: Int32, value: Float)], sorensen: Bool) -> [Float] {
    var shared = [Float](repeating: 0, count: count)
    var scanMass: Float = 0
    shared.withUnsafeMutableBufferPointer { shared in
      postingPoint.withUnsafeBufferPointer { points in
        postingValue.withUnsafeBufferPointer { values in
          for (ap, u) in scan {
            scanMass += u
            for i in Int(start[Int(ap)])..<Int(start[Int(ap) + 1]) {
              shared[Int(points[i])] += min(u, values[i])
            }
          }
        }
      }
      mass.withUnsafeBufferPointer { mass in
        for p in 0..<shared.count {
          let union = scanMass + mass[p]
          let manhattan = max(union - 2 * shared[p], 0)
          shared[p] = sorensen ? manhattan / max(union, 1e-6) : manhattan
        }
      }
    }
    return shared
  }

  /// The `k` nearest points by `distances` (ties to the earlier point), nearest first: kept in
  /// a sorted array (a min-max heap measured slower under the mall's geolocate load: 5.1 % of
  /// the server's time against 4.2 %).
  static func nearest(_ k: Int, of distances: [Float]) -> [(distance: Float, index: Int)] {
    guard k > 0 else { return [] }
    var best: [(distance: Float, index: Int)] = []
    best.reserveCapacity(k + 1)
    for (p, d) in distances.enumerated() where best.count < k || d < best[best.count - 1].distance {
      let at = best.firstIndex { d < $0.distance } ?? best.count
      best.insert((d, p), at: at)
      if best.count > k { best.removeLast() }
    }
    return best
  }
}
