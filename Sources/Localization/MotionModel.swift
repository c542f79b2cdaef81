import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Randomness

/// How particles move: each step with the particle's own noise, never through a wall, and floor
/// changes only in connector units. Read-only and `Sendable`, so the workers that move slices of
/// the cloud share it; each brings its own generator.
///
/// Walking (stairs, ramps, escalators walked up or down) counts steps: a particle entering one
/// reaches the next floor after about half a flight (`stepsPerFloor`, jittered) and every
/// further floor after about a whole one, so the floor flips near the middle of each flight as a
/// person's does. Riding (elevators, escalators stood on) is a rate per second of standing.
/// Either way the particle tends to keep going the way it went (`keepClimbing`). These are
/// guesses of when a floor is reached; near each guess, a scan after steps weighs a particle on
/// stairs on both sides of the change and may move it (`mixConnectorFloors`).
struct MotionModel: Sendable {
  /// A connector unit of a plan and where it leads.
  struct ConnectorUnit: Sendable {
    let unit: Int
    let kind: ConnectorKind
    let shape: MultiPolygon
    let bounds: BoundingBox
    let partners: [UnitRef]
  }

  let plans: FloorPlanSet
  let settings: ParticleFilterSettings
  /// Connector units per plan, with the units they lead to.
  let connectors: [[ConnectorUnit]]
  /// The box around each plan's connector units (nil when it has none).
  let connectorBounds: [BoundingBox?]

  /// The motion model of `plans` with the filter's `settings`.
  init(plans: FloorPlanSet, settings: ParticleFilterSettings) {
    self.plans = plans
    self.settings = settings
    var partners: [UnitRef: [UnitRef]] = [:]
    for c in plans.connectors {
      partners[c.lower, default: []].append(c.upper)
      partners[c.upper, default: []].append(c.lower)
    }
    connectors = plans.plans.enumerated().map { p, floor in
      floor.units.enumerated().compactMap { u, unit in
        guard let kind = unit.kind.connector,
          let others = partners[UnitRef(floor: FloorID(p), unit: u)],
          let bounds = unit.shape.bounds
        else { return nil }
        return ConnectorUnit(
          unit: u, kind: kind, shape: unit.shape, bounds: bounds, partners: others)
      }
    }
    connectorBounds = connectors.map { units in
      units.map(\.bounds).reduce(nil) { $0?.union($1) ?? $1 }
    }
  }

  /// Moves every live particle of `cloud` by `step` with its own noise from `rng`: a move through
  /// a wall or out of walkable space (through an entrance) is redrawn, and a particle blocked
  /// every time stays put with a weight penalty; particles on stairs, ramps or escalators may
  /// change floor. Returns how many live particles were blocked, and how many were moved or
  /// blocked (the live ones).
  @discardableResult
  func move(_ cloud: inout ParticleCloud, by step: Step, rng: RandomGenerator) -> (
    blocked: Int, live: Int
  ) {
    let degrees = Double.pi / 180
    let floors = plans.plans
    // The plan of the previous particle, kept at hand: most particles share a plan, and taking
    // the plan out of the array for each one would retain and release it every time.
    var p = -1
    var floor = floors[0]
    var blocked = 0
    var live = 0
    for i in cloud.x.indices where cloud.logWeight[i] > -.infinity {
      live += 1
      if Int(cloud.plan[i]) != p {
        p = Int(cloud.plan[i])
        floor = floors[p]
      }
      let from = Point(x: cloud.x[i], y: cloud.y[i])
      var moved = false
      for _ in 0...settings.wallRetries {
        let heading =
          (step.heading - cloud.headingBias[i] + rng.gaussian(sigma: settings.headingNoise))
          * degrees
        let length =
          step.length * cloud.scale[i] * (1 + rng.gaussian(sigma: settings.stepLengthNoise))
        let to = Point(x: from.x + length * sin(heading), y: from.y + length * cos(heading))
        if floor.allowsMove(Segment(from, to)) {
          cloud.x[i] = to.x
          cloud.y[i] = to.y
          moved = true
          break
        }
      }
      // Blocked every time: the particle stays against the wall, much less likely than the rest.
      if !moved {
        cloud.logWeight[i] -= settings.blockedPenalty
        blocked += 1
      }
      cloud.headingBias[i] += rng.gaussian(sigma: settings.headingBiasWalk)
      if let target = walkConnector(
        plan: p, at: Point(x: cloud.x[i], y: cloud.y[i]), climb: &cloud.climb[i],
        transit: &cloud.transit[i], rng: rng)
      {
        cloud.plan[i] = Int32(target.floor.index)
        cloud.x[i] = target.point.x
        cloud.y[i] = target.point.y
      }
    }

    return (blocked, live)
  }

  /// A particle's step count to its next floor, in flights: on entering a connector (about half
  /// a flight to the first floor), and after each floor reached.
  static let firstFlight = 0.3...0.7
  static let nextFlight = 0.8...1.2

  /// After a particle stepped to `point` on plan `p`: where it reaches another floor, or nil.
  /// `climb` and `transit` are the particle's direction and steps left (updated here).
  func walkConnector(
    plan p: Int, at point: Point, climb: inout Int8, transit: inout Float, rng: RandomGenerator
  ) -> Route.Waypoint? {
    guard let c = connector(plan: p, at: point, where: { $0 != .elevator }) else {
      if climb != 0 { climb = 0 }
      if !transit.isNaN { transit = .nan }
      return nil
    }
    let flight = settings.stepsPerFloor
    if transit.isNaN { transit = Float(flight * rng.uniform(in: Self.firstFlight)) }
    transit -= 1
    guard transit <= 0 else { return nil }
    transit = Float(flight * rng.uniform(in: Self.nextFlight))
    return partner(plan: p, connector: c, at: point, climb: &climb, rng: rng)
  }

  /// After a particle stood at `point` on plan `p`: where an elevator or escalator took it, or
  /// nil; `elevator` and `escalator` are the chances of a ride in that time. A particle out of
  /// every connector forgets which way it was climbing.
  func ride(
    plan p: Int, at point: Point, climb: inout Int8, elevator: Double, escalator: Double,
    rng: RandomGenerator
  ) -> Route.Waypoint? {
    guard let c = connector(plan: p, at: point, where: { $0 == .elevator || $0 == .escalator })
    else {
      if climb != 0, connector(plan: p, at: point, where: { _ in true }) == nil { climb = 0 }
      return nil
    }
    let chance = connectors[p][c].kind == .elevator ? elevator : escalator
    guard rng.uniform() < chance else { return nil }
    return partner(plan: p, connector: c, at: point, climb: &climb, rng: rng)
  }

  /// The connector unit of plan `p` holding `point` whose kind passes `test`.
  func connector(plan p: Int, at point: Point, where test: (ConnectorKind) -> Bool) -> Int? {
    guard connectorBounds[p]?.contains(point) ?? false else { return nil }
    // Through a buffer pointer: no copy (retain) of the plan's connector list per particle.
    return connectors[p].withUnsafeBufferPointer { units in
      units.indices.first {
        units[$0].bounds.contains(point) && test(units[$0].kind)
          && units[$0].shape.contains(point)
      }
    }
  }

  /// The floor a particle going the way of `climb` reaches through connector `c` of plan `p`:
  /// one of the units it leads to, the onward one with probability `keepClimbing`; `climb`
  /// becomes the way it went.
  func partner(
    plan p: Int, connector c: Int, at point: Point, climb: inout Int8, rng: RandomGenerator
  ) -> Route.Waypoint {
    let ordinal = plans.plans[p].ordinal
    let partners = connectors[p][c].partners
    var target = partners[Int(rng.uniform() * Double(partners.count)) % partners.count]
    if climb != 0, partners.count > 1, rng.uniform() < settings.keepClimbing,
      let onward = partners.first(where: {
        (plans[$0.floor].ordinal - ordinal).signum() == Int(climb)
      })
    {
      target = onward
    }
    climb = plans[target.floor].ordinal > ordinal ? 1 : -1
    let unit = plans.unit(target)
    return Route.Waypoint(
      floor: target.floor, point: unit.shape.contains(point) ? point : unit.anchorPoint)
  }
}
