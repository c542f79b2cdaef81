import FloorPlans
import Geometry

// Floors nothing connects: a venue drawn from a radio map has no stairs (a map does not say
// where walkers changed floors), so a particle may change floor anywhere, slowly, and the scans
// and the barometer judge it.

extension ParticleFilter {
  /// Per plan, the plans of its building next above and below it (the nearest ordinals there
  /// are: a map may lack a floor) that a particle may move to anywhere: none for a plan that a
  /// stairway, ramp, escalator or elevator joins to another (there, walkers change floor where
  /// the venue says), nor towards one.
  static func freeFloors(of plans: FloorPlanSet) -> [[Int32]] {
    let connected = Set(plans.connectors.flatMap { [$0.lower.floor.index, $0.upper.floor.index] })
    return plans.plans.indices.map { p in
      guard !connected.contains(p) else { return [] }
      let plan = plans.plans[p]
      let others = plans.plans.indices.filter { q in
        q != p && !connected.contains(q)
          && Set(plans.plans[q].buildingIDs) == Set(plan.buildingIDs)
      }
      let above = others.filter { plans.plans[$0].ordinal > plan.ordinal }
      let below = others.filter { plans.plans[$0].ordinal < plan.ordinal }
      let nextAbove = above.map { plans.plans[$0].ordinal }.min()
      let nextBelow = below.map { plans.plans[$0].ordinal }.max()
      return
        (above.filter { plans.plans[$0].ordinal == nextAbove }
        + below.filter { plans.plans[$0].ordinal == nextBelow }).map { Int32($0) }
    }
  }

  /// Before a step: each live particle on a plan with free neighbours moves, with probability
  /// `freeFloorChange`, to one of them at the same place when it is walkable there. Draws
  /// nothing from the generator when no plan has free neighbours.
  func changeFreeFloors() {
    guard settings.freeFloorChange > 0, hasFreeFloors else { return }
    for i in 0..<particles.count where particles.logWeight[i] > -.infinity {
      let choices = freeFloors[Int(particles.plan[i])]
      guard !choices.isEmpty, rng.uniform() < settings.freeFloorChange else { continue }
      let k = min(Int(rng.uniform() * Double(choices.count)), choices.count - 1)
      let target = choices[k]
      guard plans.plans[Int(target)].isWalkable(Point(x: particles.x[i], y: particles.y[i]))
      else { continue }
      particles.plan[i] = target
    }
  }
}
