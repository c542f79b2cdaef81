import FingerpostCore
import Fingerprints
import Foundation
import Geometry

// The nearest-points field fitted to walks: the temperature and kernel under which the truth is
// most likely, each scan's field made of the other walks' scans.

extension WalkCalibration {
  /// The field settings whose density at the truth (at the fitted lag) is highest on average.
  mutating func fitField(_ walks: [Walk], queries: [Neighbourhood], area: [Int: Double]) {
    // Each query's truth, and its members' positions and ordinals (lag-placed).
    var cases: [(truth: Point, uniform: Double, members: [(p: Point, d: Double)])] = []
    for q in queries {
      let ordinal = walks[q.walk].ordinal
      guard let truth = Self.position(walks, walk: q.walk, scan: q.scan, lag: scanLag),
        let first = q.nearest.first
      else { continue }
      var members: [(p: Point, d: Double)] = []
      for n in q.nearest where walks[n.walk].ordinal == ordinal {
        guard let p = Self.position(walks, walk: n.walk, scan: n.scan, lag: scanLag) else {
          continue
        }
        members.append((p, Double(n.distance - first.distance)))
      }
      // Members on other floors keep their weight in the normalisation.
      let others = q.nearest.filter { walks[$0.walk].ordinal != ordinal }
        .map { Double($0.distance - first.distance) }
      cases.append(
        (
          truth, (area[ordinal] ?? 0) > 0 ? 1 / area[ordinal]! : 0,
          members + others.map { (Point(x: .infinity, y: .infinity), $0) }
        ))
    }
    guard !cases.isEmpty else { return }
    var best = (
      score: -Double.infinity, temperature: neighbours.temperature, kernel: neighbours.kernel
    )
    let outlier = neighbours.outlier
    for temperature in Self.temperatures {
      for kernel in Self.kernels {
        let s2 = kernel * kernel
        let norm = 1 / (2 * Double.pi * s2)
        var total = 0.0
        for c in cases {
          var (sum, weights) = (0.0, 0.0)
          for m in c.members {
            let w = exp(-m.d / temperature)
            weights += w
            guard m.p.x.isFinite else { continue }
            sum += w * exp(-m.p.squaredDistance(to: c.truth) / (2 * s2))
          }
          total += log((1 - outlier) * norm * sum / weights + outlier * c.uniform + 1e-300)
        }
        let score = total / Double(cases.count)
        if score > best.score { best = (score, temperature, kernel) }
      }
    }
    neighbours.temperature = best.temperature
    neighbours.kernel = best.kernel
    fieldLogLikelihood = best.score
  }
}
