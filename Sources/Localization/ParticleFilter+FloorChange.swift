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
  /// After a particle stepped to `point` on plan `p`: where it reaches another floor, or nil.
  /// `climb` and `transit` are the particle's direction and steps left (updated here).
  func walkConnector(plan p: Int, at point: Point, climb: inout Int8, transit: inout Float)
    -> Route.Waypoint?
  {
    guard let c = connector(plan: p, at: point, where: { $0 != .elevator }) else {
      if climb != 0 { climb = 0 }
      if !transit.isNaN { transit = .nan }
      return nil
    }
    let flight = settings.stepsPerFloor
    if transit.isNaN { transit = Float(flight * rng.uniform(0.3, 0.7)) }
    transit -= 1
    guard transit <= 0 else { return nil }
    transit = Float(flight * rng.uniform(0.8, 1.2))
    return partner(plan: p, connector: c, at: point, climb: &climb)
  }

  /// After particle `i` stood `dt` seconds at `point` on plan `p`: where an elevator or escalator
  /// took it, or nil; `elevator` and `escalator` are the chances of a ride in that time.
  func ride(particle i: Int, plan p: Int, at point: Point, elevator: Double, escalator: Double)
    -> Route.Waypoint?
  {
    guard let c = connector(plan: p, at: point, where: { $0 == .elevator || $0 == .escalator })
    else {
      if climb[i] != 0, connector(plan: p, at: point, where: { _ in true }) == nil { climb[i] = 0 }
      return nil
    }
    let chance = connectors[p][c].kind == .elevator ? elevator : escalator
    guard rng.uniform() < chance else { return nil }
    return partner(plan: p, connector: c, at: point, climb: &climb[i])
  }

  /// The connector unit of plan `p` holding `point` whose kind passes `test`.
  func connector(plan p: Int, at point: Point, where test: (ConnectorKind) -> Bool) -> Int? {
    guard connectorBounds[p]?.contains(point) ?? false else { return nil }
    let units = connectors[p]
    for c in units.indices
    where units[c].bounds.contains(point) && test(units[c].kind) && units[c].shape.contains(point) {
      return c
    }
    return nil
  }

  /// The floor a particle going the way of `climb` reaches through connector `c` of plan `p`:
  /// one of the units it leads to, the onward one with probability `keepClimbing`; `climb`
  /// becomes the way it went.
  func partner(plan p: Int, connector c: Int, at point: Point, climb: inout Int8)
    -> Route.Waypoint
  {
    let ordinal = plans.plans[p].ordinal
    let partners = connectors[p][c].partners
    var target = partners[Int(rng.uniform() * Double(partners.count)) % partners.count]
    if climb != 0, partners.count > 1, rng.uniform() < settings.keepClimbing,
      let onward = partners.first(where: {
        (plans.plans[$0.plan].ordinal - ordinal).signum() == Int(climb)
      })
    {
      target = onward
    }
    climb = plans.plans[target.plan].ordinal > ordinal ? 1 : -1
    let unit = plans.plans[target.plan].units[target.unit]
    return Route.Waypoint(
      plan: target.plan, point: unit.shape.contains(point) ? point : unit.anchorPoint)
  }
}
