import FloorPlans
import Foundation
import Geometry

/// Floor changes: the only place a particle leaves its floor is a connector unit.
///
/// Walking (stairs, ramps, escalators walked up or down) counts steps: a particle entering one
/// reaches the next floor after about half a flight (`stepsPerFloor`, jittered) and every
/// further floor after about a whole one, so the floor flips near the middle of each flight as a
/// person's does. Riding (elevators, escalators stood on) is a rate per second of standing.
/// Either way the particle tends to keep going the way it went (`keepClimbing`).
extension ParticleFilter {
  /// After particle `i` stepped to `point` on plan `p`: where it reaches another floor, or nil.
  func walkConnector(particle i: Int, plan p: Int, at point: Point) -> Route.Waypoint? {
    guard let c = connector(plan: p, at: point, where: { $0 != .elevator }) else {
      climb[i] = 0
      transit[i] = .nan
      return nil
    }
    let flight = settings.stepsPerFloor
    if transit[i].isNaN { transit[i] = Float(flight * rng.uniform(0.3, 0.7)) }
    transit[i] -= 1
    guard transit[i] <= 0 else { return nil }
    transit[i] = Float(flight * rng.uniform(0.8, 1.2))
    return partner(particle: i, plan: p, connector: c, at: point)
  }

  /// After particle `i` stood `dt` seconds at `point` on plan `p`: where an elevator or escalator
  /// took it, or nil; `elevator` and `escalator` are the chances of a ride in that time.
  func ride(particle i: Int, plan p: Int, at point: Point, elevator: Double, escalator: Double)
    -> Route.Waypoint?
  {
    guard let c = connector(plan: p, at: point, where: { $0 == .elevator || $0 == .escalator })
    else {
      if connector(plan: p, at: point, where: { _ in true }) == nil { climb[i] = 0 }
      return nil
    }
    let chance = connectors[p][c].kind == .elevator ? elevator : escalator
    guard rng.uniform() < chance else { return nil }
    return partner(particle: i, plan: p, connector: c, at: point)
  }

  /// The connector unit of plan `p` holding `point` whose kind passes `test`.
  func connector(plan p: Int, at point: Point, where test: (ConnectorKind) -> Bool) -> Int? {
    let units = connectors[p]
    for c in units.indices
    where units[c].bounds.contains(point) && test(units[c].kind) && units[c].shape.contains(point)
    {
      return c
    }
    return nil
  }

  /// The floor particle `i` reaches through connector `c` of plan `p`: one of the units it
  /// leads to, the onward one in the particle's direction with probability `keepClimbing`.
  func partner(particle i: Int, plan p: Int, connector c: Int, at point: Point) -> Route.Waypoint {
    let ordinal = plans.plans[p].ordinal
    let partners = connectors[p][c].partners
    var target = partners[Int(rng.uniform() * Double(partners.count)) % partners.count]
    if climb[i] != 0, partners.count > 1, rng.uniform() < settings.keepClimbing,
      let onward = partners.first(where: {
        (plans.plans[$0.plan].ordinal - ordinal).signum() == Int(climb[i])
      })
    {
      target = onward
    }
    climb[i] = plans.plans[target.plan].ordinal > ordinal ? 1 : -1
    let unit = plans.plans[target.plan].units[target.unit]
    return Route.Waypoint(
      plan: target.plan, point: unit.shape.contains(point) ? point : unit.anchorPoint)
  }
}
