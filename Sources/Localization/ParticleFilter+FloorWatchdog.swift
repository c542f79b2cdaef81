import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

// The floor watchdog: another level explaining the scan far better than the cloud's own.

extension ParticleFilter {
  /// Whether another mapped level explains the scan far better than the level holding most of
  /// the cloud: the floor watchdog. A cloud stuck on a wrong floor can explain uniformly weak
  /// signals with its device offset, so the likelihood-average recovery alone may never fire.
  /// Compares the levels' evidence (tempered likelihood summed over every third cell in each
  /// direction) at the cloud's mean device offset.
  func floorLooksWrong(_ prepared: PreparedScan, weights: [Double]) -> Bool {
    var massByLevel = [Double](repeating: 0, count: map.levels.count)
    var offsetMean = 0.0
    let (plan, offset) = (particles.plan, particles.offset)
    for i in weights.indices {
      let level = mapLevel[Int(plan[i])]
      if level >= 0 { massByLevel[level] += weights[i] }
      offsetMean += weights[i] * offset[i]
    }
    guard let cloudLevel = massByLevel.indices.max(by: { massByLevel[$0] < massByLevel[$1] })
    else { return false }
    var evidence = [Double](repeating: -.infinity, count: map.levels.count)
    // As the fingerprint locator does: only levels that know most of the scan's APs compete.
    let competing = zip(map.levels.indices, competingLevels(prepared)).filter(\.1).map(\.0)
    // Every third cell each way, scored at the cloud's offset; then again with the offset that
    // fits each level's best cell. Each pass scores every competing level in one batch.
    let sampled = competing.map { l in
      let level = map.levels[l]
      var cells: [Int] = []
      for r in stride(from: 0, to: level.rows, by: 3) {
        for c in stride(from: 0, to: level.columns, by: 3) where level.inside[r * level.columns + c]
        {
          cells.append(r * level.columns + c)
        }
      }
      return cells
    }
    func scores(offsets: [Double], cells: [[Int]]) -> [[(cell: Int, score: Double)]] {
      var points: [(level: Int, cell: Int, offset: Double)] = []
      for (k, l) in competing.enumerated() {
        points += cells[k].map { (l, $0, offsets[k]) }
      }
      let values = logLikelihoods(prepared, at: points)
      var start = 0
      return cells.map { cells in
        let part = values[start..<(start + cells.count)]
        start += cells.count
        return zip(cells, part).map { ($0, settings.likelihoodTemperature * $1) }
      }
    }
    let first = scores(offsets: competing.map { _ in offsetMean }, cells: sampled)
    var fitted = [Double](repeating: offsetMean, count: competing.count)
    var fits = [Bool](repeating: false, count: competing.count)
    // The second pass scores only the cells within `watchdogReach` of each level's best: the
    // offset is fitted at the best cell, and cells that far below it hold no share of the
    // level's evidence (e^−30 each) before or after.
    var near: [[Int]] = []
    for (k, l) in competing.enumerated() {
      guard let best = first[k].max(by: { $0.score < $1.score }) else {
        near.append([])
        continue
      }
      fitted[k] = map.deviceOffset(prepared, level: l, at: map.levels[l].center(of: best.cell))
      fits[k] = true
      near.append(first[k].filter { $0.score >= best.score - Self.watchdogReach }.map(\.cell))
    }
    let second = scores(offsets: fitted, cells: near)
    for (k, l) in competing.enumerated() where fits[k] {
      let values = second[k].map(\.score)
      guard let top = values.max(), top > -.infinity else { continue }
      evidence[l] = top + log(values.reduce(0) { $0 + exp($1 - top) })
    }
    guard let best = evidence.indices.max(by: { evidence[$0] < evidence[$1] }) else { return false }
    if evidence[cloudLevel] == -.infinity { return evidence[best] > -.infinity }
    return best != cloudLevel && evidence[best] - evidence[cloudLevel] > settings.floorCheckMargin
  }

  /// How far below a level's best cell (tempered log-likelihood, nats) the watchdog's second
  /// pass still scores a cell.
  static let watchdogReach = 30.0
}
