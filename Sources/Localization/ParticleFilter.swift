import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Randomness

/// The particle filter: dead reckoning fused with the radio map's likelihood of each scan, inside
/// the venue's walls. Not `Sendable`: it owns its generator and particle arrays.
///
/// Particles are stored as parallel arrays (x, y, plan, heading bias, step scale, RSSI offset,
/// log-weight) for tight loops.
public final class ParticleFilter: Localizer {
  let plans: FloorPlanSet
  let map: RadioMap
  let settings: ParticleFilterSettings
  let rng: RandomGenerator
  var x: [Double] = []
  var y: [Double] = []
  var plan: [Int32] = []
  var headingBias: [Double] = []
  var scale: [Double] = []
  var offset: [Double] = []
  var logWeight: [Double] = []
  /// The map level of each plan (−1 when the map has none).
  let mapLevel: [Int]
  /// The plan of each map level (−1 when the venue has none).
  let planOfLevel: [Int]
  /// Connector units per plan, with the units they lead to.
  let connectors: [[ConnectorUnit]]
  var lastTime = 0.0
  var initialized = false
  var fastLikelihood: Double?
  var slowLikelihood: Double?
  var unitState = UnitHysteresis()
  var previousFix: Fix?

  /// A connector unit of a plan and where it leads.
  struct ConnectorUnit {
    let unit: Int
    let kind: ConnectorKind
    let shape: MultiPolygon
    let bounds: BoundingBox
    let partners: [UnitRef]
  }

  /// Creates a filter; with `start`, particles begin around it, else globally from the first scan.
  public init(
    plans: FloorPlanSet, map: RadioMap, settings: ParticleFilterSettings,
    generator: RandomGenerator,
    start: Route.Waypoint?
  ) {
    self.plans = plans
    self.map = map
    self.settings = settings
    rng = generator
    mapLevel = plans.plans.map { p in
      map.levels.firstIndex { $0.levelID == p.levelID }
        ?? map.levels.firstIndex { $0.levelID == nil && $0.ordinal == p.ordinal } ?? -1
    }
    planOfLevel = map.levels.map { level in
      plans.plans.firstIndex { $0.levelID == level.levelID }
        ?? plans.plans.firstIndex { level.levelID == nil && $0.ordinal == level.ordinal } ?? -1
    }
    var partners: [UnitRef: [UnitRef]] = [:]
    for c in plans.connectors {
      partners[c.lower, default: []].append(c.upper)
      partners[c.upper, default: []].append(c.lower)
    }
    connectors = plans.plans.enumerated().map { p, floor in
      floor.units.enumerated().compactMap { u, unit in
        guard let kind = unit.kind.connector, let others = partners[UnitRef(plan: p, unit: u)],
          let bounds = unit.shape.bounds
        else { return nil }
        return ConnectorUnit(
          unit: u, kind: kind, shape: unit.shape, bounds: bounds, partners: others)
      }
    }
    if let start { seed(around: start) }
  }

  /// Particles around a known start.
  func seed(around start: Route.Waypoint) {
    let n = settings.particles
    let floor = plans.plans[start.plan]
    x = []
    y = []
    for _ in 0..<n {
      var p = start.point
      for _ in 0..<10 {
        let q = Point(
          x: start.point.x + rng.gaussian(sigma: settings.startSpread),
          y: start.point.y + rng.gaussian(sigma: settings.startSpread))
        if floor.isWalkable(q), !floor.crossesWall(Segment(start.point, q)) {
          p = q
          break
        }
      }
      x.append(p.x)
      y.append(p.y)
    }
    plan = Array(repeating: Int32(start.plan), count: n)
    drawParameters(count: n)
    logWeight = Array(repeating: 0, count: n)
    initialized = true
  }

  func drawParameters(count n: Int) {
    headingBias = (0..<n).map { _ in rng.gaussian(sigma: settings.initialHeadingBias) }
    scale = (0..<n).map { _ in 1 + rng.gaussian(sigma: settings.initialScaleSpread) }
    offset = (0..<n).map { _ in rng.gaussian(sigma: settings.initialOffsetSpread) }
  }

  /// Moves every particle by a step with its own noise; moves through walls are redrawn, then
  /// the particle stays put with a weight penalty; particles on stairs or escalators may change
  /// floor.
  public func step(_ step: StepInput) {
    guard initialized, step.length.isFinite, step.heading.isFinite else { return }
    lastTime = max(lastTime, step.t)
    let degrees = Double.pi / 180
    for i in 0..<x.count where logWeight[i] > -.infinity {
      let floor = plans.plans[Int(plan[i])]
      let from = Point(x: x[i], y: y[i])
      var moved = false
      for _ in 0...settings.wallRetries {
        let heading =
          (step.heading - headingBias[i] + rng.gaussian(sigma: settings.headingNoise)) * degrees
        let length = step.length * scale[i] * (1 + rng.gaussian(sigma: settings.stepLengthNoise))
        let to = Point(x: from.x + length * sin(heading), y: from.y + length * cos(heading))
        if !floor.crossesWall(Segment(from, to)) {
          x[i] = to.x
          y[i] = to.y
          moved = true
          break
        }
      }
      // Blocked every time: the particle stays against the wall, much less likely than the rest.
      if !moved { logWeight[i] -= settings.blockedPenalty }
      headingBias[i] += rng.gaussian(sigma: settings.headingBiasWalk)
      changeFloor(i, walking: true, probability: settings.stairsRate)
    }
  }

  /// Lets time pass: a little diffusion, and elevator rides.
  public func advance(to t: Double) {
    guard initialized, t > lastTime else { return }
    let dt = t - lastTime
    lastTime = t
    let sigma = settings.standingDiffusion * dt.squareRoot()
    let ride = 1 - exp(-settings.elevatorRate * dt)
    for i in 0..<x.count where logWeight[i] > -.infinity {
      let from = Point(x: x[i], y: y[i])
      let to = Point(x: from.x + rng.gaussian(sigma: sigma), y: from.y + rng.gaussian(sigma: sigma))
      if !plans.plans[Int(plan[i])].crossesWall(Segment(from, to)) {
        x[i] = to.x
        y[i] = to.y
      }
      changeFloor(i, walking: false, probability: ride)
    }
  }

  /// Moves particle `i` to a connected floor with `probability` when it stands in a connector
  /// of the right kind (stairs, escalators and ramps when walking; elevators when not).
  func changeFloor(_ i: Int, walking: Bool, probability: Double) {
    let p = Int(plan[i])
    let here = Point(x: x[i], y: y[i])
    for c in connectors[p] where c.bounds.contains(here) && (c.kind == .elevator) != walking {
      guard c.shape.contains(here), rng.uniform() < probability else { continue }
      let target = c.partners[Int(rng.uniform() * Double(c.partners.count)) % c.partners.count]
      let unit = plans.unit(target)
      plan[i] = Int32(target.plan)
      if !unit.shape.contains(here) {
        x[i] = unit.anchorPoint.x
        y[i] = unit.anchorPoint.y
      }
      return
    }
  }
}
