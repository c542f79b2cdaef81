import FingerpostCore
import Foundation
import Geometry

extension FingerprintLocator {
  /// Maximum likelihood with the device's RSSI offset estimated from the scan: locate with no
  /// offset, take the median of (reading − expected RSSI) at that spot, and locate again.
  public func maximumLikelihoodWithOffset(_ scan: PreparedScan) -> (fix: Fix, offset: Double)? {
    let cells = candidateCells(scan)
    guard let first = posterior(scan, deviceOffset: 0, cells: cells) else { return nil }
    let offset = map.deviceOffset(scan, level: first.level, at: first.position)
    guard abs(offset) > 0.5, let second = posterior(scan, deviceOffset: offset, cells: cells)
    else {
      return (map.fix(scan.time, first.estimate), 0)
    }
    return (map.fix(scan.time, second.estimate), offset)
  }

  /// Maximum likelihood over the grid: the level with the highest marginal likelihood (among
  /// levels that know most of the scan's APs), then the posterior mean of its cells.
  public func maximumLikelihood(_ scan: PreparedScan, deviceOffset: Double = 0) -> Fix? {
    posterior(scan, deviceOffset: deviceOffset, cells: candidateCells(scan)).map {
      map.fix(scan.time, $0.estimate)
    }
  }

  /// The posterior over `cells` on the level with the highest marginal likelihood (among
  /// levels that know most of the scan's APs): its cells within 20 nats of the best.
  func posterior(_ scan: PreparedScan, deviceOffset: Double, cells: [[Int]]?) -> Posterior? {
    let knownCounts = scan.known.map(\.count)
    guard let most = knownCounts.max(), most > 0 else { return nil }
    var bestLevel = -1
    var bestEvidence = -Double.infinity
    var bestScores: [(cell: Int, score: Double)] = []
    for l in map.levels.indices where Double(knownCounts[l]) >= 0.7 * Double(most) {
      let cells = cells?[l] ?? mappedCells[l]
      let scores = zip(
        cells, map.logLikelihoods(scan, level: l, cells: cells, deviceOffset: deviceOffset)
      ).map { (cell: $0, score: $1) }
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
    var posterior = Posterior(level: bestLevel, spacing: level.spacing)
    for (cell, score) in bestScores where score > top - 20 {
      posterior.add(level.center(of: cell), weight: exp(score - top))
    }
    return posterior
  }

  /// Per level, the mapped cells within `candidateRadius` (or 1.5 survey spacings) of the
  /// `candidatePoints` survey points nearest the scan in signal space, ascending; nil when
  /// `candidatePoints` is 0, when scoring every cell costs fewer than `exhaustiveTerms` terms, or
  /// when the scan shares no AP with the map (every mapped cell is scored then).
  func candidateCells(_ scan: PreparedScan) -> [[Int]]? {
    guard candidatePoints > 0, !scan.sparse.isEmpty else { return nil }
    let most = scan.known.map(\.count).max() ?? 0
    var terms = 0
    for (l, known) in scan.known.enumerated() where Double(known.count) >= 0.7 * Double(most) {
      terms += known.count * mappedCells[l].count
    }
    guard terms >= exhaustiveTerms else { return nil }
    var centres: [[(column: Int, row: Int)]] = Array(repeating: [], count: map.levels.count)
    // Where signal space cannot tell places apart (few APs), more points lie about as near as
    // the `candidatePoints`-th: every point up to twice that spread is kept (at most 4 times as
    // many).
    let nearest = NeighbourIndex.nearest(4 * candidatePoints, of: signalDistances(scan))
    let spread = nearest[min(candidatePoints, nearest.count) - 1].distance - nearest[0].distance
    let kept = nearest.prefix { $0.distance <= nearest[0].distance + 2 * spread }
    for (_, index) in kept.count >= candidatePoints ? kept : nearest.prefix(candidatePoints) {
      let l = Int(neighbours.level[index])
      let level = map.levels[l]
      let cell = level.cell(at: level.points[Int(neighbours.point[index])].position)
      centres[l].append((cell % level.columns, cell / level.columns))
    }
    return centres.enumerated().map { l, centres in
      guard !centres.isEmpty else { return [] }
      let level = map.levels[l]
      let reach = Int(max(candidateRadius, 1.5 * surveySpacing[l]) / level.spacing)
      // Marks over the candidates' bounding box only (a level's grid can be 100 times larger).
      let c0 = max(centres.map(\.column).min()! - reach, 0)
      let c1 = min(centres.map(\.column).max()! + reach, level.columns - 1)
      let r0 = max(centres.map(\.row).min()! - reach, 0)
      let r1 = min(centres.map(\.row).max()! + reach, level.rows - 1)
      let width = c1 - c0 + 1
      var marks = [Bool](repeating: false, count: width * (r1 - r0 + 1))
      for (column, row) in centres {
        for r in max(row - reach, r0)...min(row + reach, r1) {
          for c in max(column - reach, c0)...min(column + reach, c1)
          where (r - row) * (r - row) + (c - column) * (c - column) <= reach * reach {
            marks[(r - r0) * width + (c - c0)] = true
          }
        }
      }
      var cells: [Int] = []
      for (i, marked) in marks.enumerated() where marked {
        let cell = (r0 + i / width) * level.columns + c0 + i % width
        if level.inside[cell] { cells.append(cell) }
      }
      return cells
    }
  }
}
