import FloorPlans
import Geometry

extension ParticleFilter {
  /// Adds the place prior's log weight at each live particle's unit to `logWeights` (nothing
  /// when the prior is empty; particles outside every unit are left alone).
  func weighByPlace(_ logWeights: inout [Double]) {
    guard !unitLogWeight.isEmpty else { return }
    let floors = plans.plans
    for i in 0..<particles.count where particles.logWeight[i] > -.infinity {
      let p = Int(particles.plan[i])
      guard let u = floors[p].unitIndex(at: Point(x: particles.x[i], y: particles.y[i])) else {
        continue
      }
      logWeights[i] += unitLogWeight[p][u]
    }
  }
}
