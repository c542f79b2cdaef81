import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

// Initialization and global draws: particles drawn from a scan's likelihood over the map.

extension ParticleFilter {
  /// Replaces every particle by `count` drawn from the scan's likelihood over the whole map.
  func redraw(count: Int, from prepared: PreparedScan) {
    particles = ParticleCloud()
    append(count: count, from: prepared)
  }

  /// Adds `count` particles drawn from the scan's likelihood over every mapped cell.
  func append(count: Int, from prepared: PreparedScan) {
    var cells: [(level: Int, cell: Int, offset: Double)] = []
    for (l, level) in map.levels.enumerated() where planOfLevel[l] >= 0 {
      for cell in level.inside.indices where level.inside[cell] { cells.append((l, cell, 0)) }
    }
    let scores = logLikelihoods(prepared, at: cells).map { settings.likelihoodTemperature * $0 }
    guard let top = scores.max() else { return }
    var cumulative: [Double] = []
    var total = 0.0
    for score in scores {
      total += exp(score - top)
      cumulative.append(total)
    }
    for _ in 0..<count {
      let target = rng.uniform() * total
      var low = 0
      var high = cumulative.count - 1
      while low < high {
        let mid = (low + high) / 2
        if cumulative[mid] < target { low = mid + 1 } else { high = mid }
      }
      let c = cells[low]
      let level = map.levels[c.level]
      let centre = level.center(of: c.cell)
      particles.append(
        x: centre.x + rng.uniform(-level.spacing / 2, level.spacing / 2),
        y: centre.y + rng.uniform(-level.spacing / 2, level.spacing / 2),
        plan: Int32(planOfLevel[c.level]),
        headingBias: rng.gaussian(sigma: settings.initialHeadingBias),
        scale: 1 + rng.gaussian(sigma: settings.initialScaleSpread),
        offset: rng.gaussian(sigma: settings.initialOffsetSpread))
    }
  }
}
