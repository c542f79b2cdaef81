import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

// The nearest-points measurement: a scan weighs each particle by the density of its
// `NeighbourField` where the particle stands, and starts or refills the cloud from that field.

extension ParticleFilter {
  /// Each particle's log-density under `field` (−∞ for dead particles and for particles on a
  /// plan the map has no level for).
  func neighbourLogLikelihoods(_ field: NeighbourField) -> [Double] {
    let (x, y) = weighingPoints()
    let (plan, logWeight) = (particles.plan, particles.logWeight)
    var values = [Double](repeating: -.infinity, count: x.count)
    for i in x.indices where logWeight[i] > -.infinity {
      let level = mapLevel[Int(plan[i])]
      guard level >= 0 else { continue }
      values[i] = log(field.density(level: level, at: Point(x: x[i], y: y[i])))
    }
    return values
  }

  /// Adds `count` particles drawn from `field`: a member by its weight (times the floor prior
  /// when `floorPrior`, and the pressure reference's likelihood of its floor), a point from its Gaussian, drawn again (up to 20 times) until it is
  /// walkable on the member's floor; a member whose every draw missed places the particle on
  /// the member itself.
  func append(count: Int, from field: NeighbourField, floorPrior: Bool = false) {
    let members = field.members.filter { planOfLevel[$0.level] >= 0 }
    guard !members.isEmpty else { return }
    let prior = levelBirthLogWeights(floorPrior: floorPrior).map { $0.map { exp($0) } }
    var cumulative: [Double] = []
    var total = 0.0
    for m in members {
      total += m.weight * (prior?[m.level] ?? 1)
      cumulative.append(total)
    }
    let sigma = field.settings.kernel
    for _ in 0..<count {
      let target = rng.uniform() * total
      let k = cumulative.firstIndex { $0 >= target } ?? members.count - 1
      let member = members[k]
      let plan = planOfLevel[member.level]
      let floor = plans.plans[plan]
      var point = member.position
      for _ in 0..<20 {
        let q = Point(
          x: member.position.x + rng.gaussian(sigma: sigma),
          y: member.position.y + rng.gaussian(sigma: sigma))
        if floor.isWalkable(q) {
          point = q
          break
        }
      }
      particles.append(
        x: point.x, y: point.y, plan: Int32(plan),
        headingBias: rng.gaussian(sigma: settings.initialHeadingBias),
        scale: settings.initialScale * (1 + rng.gaussian(sigma: settings.initialScaleSpread)),
        offset: drawOffset())
    }
  }
}
