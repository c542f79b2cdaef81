import FloorPlans
import Foundation
import Geometry

extension ParticleFilter {
  /// After particle `i` stood at `point` on plan `p`: where an elevator or escalator took it,
  /// or nil; `elevator` and `escalator` are the chances of a ride in that time.
  func ride(particle i: Int, plan p: Int, at point: Point, elevator: Double, escalator: Double)
    -> Route.Waypoint?
  {
    guard
      let c = motion.connector(plan: p, at: point, where: { $0 == .elevator || $0 == .escalator })
    else {
      if climb[i] != 0, motion.connector(plan: p, at: point, where: { _ in true }) == nil {
        climb[i] = 0
      }
      return nil
    }
    let chance = motion.connectors[p][c].kind == .elevator ? elevator : escalator
    guard rng.uniform() < chance else { return nil }
    return motion.partner(plan: p, connector: c, at: point, climb: &climb[i], rng: rng)
  }
}
