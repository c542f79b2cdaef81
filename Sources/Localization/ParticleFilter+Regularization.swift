import FingerpostCore
import FloorPlans
import Foundation
import Geometry

// Regularization (Musso, Oudjane and Le Gland 2001): after resampling, each copy of a particle is
// moved by a small Gaussian kernel, so that the copies explore the posterior instead of staying
// on one point until the next steps' noise separates them.

extension ParticleFilter {
  /// The kernel's bandwidth factor for `n` particles in 2 dimensions: the optimal one for a
  /// Gaussian posterior, (4 / (n (d + 2)))^(1 / (d + 4)).
  static func bandwidthFactor(particles n: Int) -> Double {
    pow(4 / (Double(max(n, 1)) * 4), 1.0 / 6)
  }

  /// Moves each particle by the kernel: per plan and axis, the bandwidth factor times Silverman's
  /// robust spread of that plan's particles, min(standard deviation, interquartile range / 1.34).
  /// A move that would cross a wall or leave walkable space is not made.
  func regularize() {
    let n = particles.count
    guard n > 1 else { return }
    var members = [[Int]](repeating: [], count: plans.plans.count)
    for i in 0..<n { members[Int(particles.plan[i])].append(i) }
    for (p, indices) in members.enumerated() where indices.count > 1 {
      let floor = plans.plans[p]
      let h = Self.bandwidthFactor(particles: indices.count)
      let sx = h * Self.robustSpread(indices.map { particles.x[$0] })
      let sy = h * Self.robustSpread(indices.map { particles.y[$0] })
      guard sx > 0 || sy > 0 else { continue }
      for i in indices {
        let from = Point(x: particles.x[i], y: particles.y[i])
        let to = Point(
          x: from.x + rng.gaussian(sigma: sx), y: from.y + rng.gaussian(sigma: sy))
        guard floor.allowsMove(Segment(from, to)) else { continue }
        particles.x[i] = to.x
        particles.y[i] = to.y
      }
    }
  }

  /// min(standard deviation, interquartile range / 1.34) of `values` (Silverman's rule).
  static func robustSpread(_ values: [Double]) -> Double {
    let n = Double(values.count)
    let mean = values.reduce(0, +) / n
    let deviation = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n).squareRoot()
    let sorted = values.sorted()
    let iqr = sorted[(sorted.count * 3) / 4] - sorted[sorted.count / 4]
    return min(deviation, iqr / 1.34)
  }
}
