import FingerpostCore
import Foundation
import Geometry

extension WorldFit.Work {
  /// The training rows of every placed radio (walls counted on the cell's floor), each within
  /// the radius on its floor where the radio is heard in most cells (`reach`).
  mutating func buildRows() {
    let work = self
    let workers = 2
    var byFloor: [Int: [Int]] = [:]
    for c in cells.indices where !cells[c].heldOut {
      byFloor[cells[c].floor, default: []].append(c)
    }
    let training = byFloor
    let parts = concurrentMap(workers) { k in
      var found: [Int32] = []
      var rows: [WorldFit.Row] = []
      for r in stride(from: k, to: work.radios.count, by: workers) {
        guard let position = work.positions[r] else { continue }
        let tallies = work.trainingTallies(r)
        let heard = Set(tallies.map(\.cell))
        var reach: [Int: Double] = [:]
        for tally in tallies {
          let floor = work.cells[tally.cell].floor
          if reach[floor] == nil {
            reach[floor] = Self.reach(
              from: position.point, cells: training[floor] ?? [], heard: heard, in: work.cells)
          }
          guard work.cells[tally.cell].point.distance(to: position.point) < reach[floor]! else {
            continue
          }
          guard let x = work.features(radio: r, cell: tally.cell, found: &found) else { continue }
          rows.append(
            WorldFit.Row(
              radio: r, cell: tally.cell,
              rssi: tally.mean, weight: Double(tally.heard), features: x))
        }
      }
      return rows
    }
    rows = parts.flatMap { $0 }.sorted { ($0.radio, $0.cell) < ($1.radio, $1.cell) }
    // A parameter is told by the survey when enough rows carry its feature.
    for k in 0..<5 {
      free[k] = rows.lazy.filter { $0.features[k] > 0 }.count >= (k == 0 ? 3 : 30)
    }
  }

  /// How far from `point` a radio is heard in most of the `cells` scanned (metres): rings of
  /// 5 m outward until the first with at least three cells of which the share that heard it
  /// (`heard`) is below half the largest share nearer, but never short of the five nearest
  /// cells that heard it. Beyond, the cells that did hear it are those its shadowing favoured,
  /// and would flatten the fitted path loss.
  static func reach(from point: Point, cells: [Int], heard: Set<Int>, in all: [WorldFit.Cell])
    -> Double
  {
    var scanned = [Int](repeating: 0, count: 64)
    var hearing = [Int](repeating: 0, count: 64)
    for c in cells {
      let ring = min(Int(all[c].point.distance(to: point) / 5), 63)
      scanned[ring] += 1
      if heard.contains(c) { hearing[ring] += 1 }
    }
    // The nearest five cells that heard it are always in reach.
    var nearest = 0
    var minimum = 0.0
    for ring in 0..<64 where nearest < 5 {
      nearest += hearing[ring]
      minimum = Double(ring + 1) * 5
    }
    var peak = 0.0
    for ring in 0..<64 where scanned[ring] >= 3 {
      let share = Double(hearing[ring]) / Double(scanned[ring])
      if ring > 0 && share < peak / 2 { return max(Double(ring) * 5, minimum) }
      peak = max(peak, share)
    }
    return .infinity
  }

  /// Fits the shared parameters and every placed radio's power to the training rows.
  mutating func solveLosses() {
    let counts = [Double](repeating: 1, count: radios.count)
    (theta, powers) = Self.solve(
      rows: rows, radioWeights: counts, theta: theta, powers: powers, free: free, iterations: 30)
    for k in 0..<5 where free[k] { fitted.insert(Self.thetaKeys[k]) }
    model.exponent = theta[0]
    model.lightWallLoss = theta[1]
    model.heavyWallLoss = theta[2]
    model.floorLoss24 = theta[3]
    model.floorLoss5 = theta[4]
    for (band, key) in [(Band.ghz2_4, "reference_power_24"), (.ghz5, "reference_power_5")] {
      let values = radios.indices.filter { positions[$0] != nil && radios[$0].band == band }
        .map { powers[$0] }
      guard let median = values.median else { continue }
      if band == .ghz2_4 { model.referencePower24 = median } else { model.referencePower5 = median }
      fitted.insert(key)
    }
  }

  /// Alternating least squares: each radio's power the weighted mean of its rows given the
  /// shared parameters, then the free shared parameters by weighted least squares given the
  /// powers (clamped to plausible values). `radioWeights` multiplies each radio's rows (the
  /// bootstrap's resampling).
  static func solve(
    rows: [WorldFit.Row], radioWeights: [Double], theta initialTheta: [Double],
    powers initialPowers: [Double],
    free: [Bool], iterations: Int
  ) -> (theta: [Double], powers: [Double]) {
    var theta = initialTheta
    var powers = initialPowers
    let index = (0..<5).filter { free[$0] }
    for _ in 0..<iterations {
      var sums = [Double](repeating: 0, count: powers.count)
      var weights = [Double](repeating: 0, count: powers.count)
      for row in rows {
        var value = row.level
        for k in 0..<5 { value += theta[k] * row.features[k] }
        sums[row.radio] += row.weight * value
        weights[row.radio] += row.weight
      }
      for r in powers.indices where weights[r] > 0 { powers[r] = sums[r] / weights[r] }
      guard !index.isEmpty else { break }
      // Normal equations of x·θ ≈ power − rssi over the free parameters.
      let n = index.count
      var a = [Double](repeating: 0, count: n * n)
      var b = [Double](repeating: 0, count: n)
      for row in rows {
        let w = row.weight * radioWeights[row.radio]
        guard w > 0 else { continue }
        var target = powers[row.radio] - row.level
        for k in 0..<5 where !free[k] { target -= theta[k] * row.features[k] }
        for (i, ki) in index.enumerated() {
          let xi = row.features[ki]
          guard xi != 0 else { continue }
          b[i] += w * xi * target
          for (j, kj) in index.enumerated() { a[i * n + j] += w * xi * row.features[kj] }
        }
      }
      for i in 0..<n { a[i * n + i] += 1e-6 * max(a[i * n + i], 1) }
      guard let solution = solveLinear(a, b, n: n) else { break }
      for (i, k) in index.enumerated() {
        theta[k] = k == 0 ? min(max(solution[i], 1.2), 6) : min(max(solution[i], 0), 40)
      }
    }
    return (theta, powers)
  }

  /// The solution of the `n`×`n` system `a`·x = `b` (Gaussian elimination with partial
  /// pivoting), or `nil` when it is singular.
  static func solveLinear(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
    var m = a
    var x = b
    for col in 0..<n {
      let pivot = (col..<n).max { abs(m[$0 * n + col]) < abs(m[$1 * n + col]) }!
      guard abs(m[pivot * n + col]) > 1e-12 else { return nil }
      if pivot != col {
        for j in 0..<n { m.swapAt(col * n + j, pivot * n + j) }
        x.swapAt(col, pivot)
      }
      for row in (col + 1)..<n {
        let f = m[row * n + col] / m[col * n + col]
        guard f != 0 else { continue }
        for j in col..<n { m[row * n + j] -= f * m[col * n + j] }
        x[row] -= f * x[col]
      }
    }
    for row in stride(from: n - 1, through: 0, by: -1) {
      var value = x[row]
      for j in (row + 1)..<n { value -= m[row * n + j] * x[j] }
      x[row] = value / m[row * n + row]
    }
    return x
  }
}

extension Array where Element == Double {
  /// The median, or `nil` when empty.
  var median: Double? {
    guard !isEmpty else { return nil }
    let sorted = self.sorted()
    let mid = count / 2
    return count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }
}
