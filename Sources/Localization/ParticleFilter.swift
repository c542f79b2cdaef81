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
  /// The way each particle last changed floor while still in that connector (+1 up, −1 down,
  /// 0 none): people on a staircase keep going the same way.
  var climb: [Int8] = []
  /// Steps each particle still has to walk in a stair, ramp or escalator before it reaches the
  /// next floor (NaN when not in one).
  var transit: [Float] = []
  var logWeight: [Double] = []
  /// The map level of each plan (−1 when the map has none).
  let mapLevel: [Int]
  /// The plan of each map level (−1 when the venue has none).
  let planOfLevel: [Int]
  /// Connector units per plan, with the units they lead to.
  let connectors: [[ConnectorUnit]]
  /// The box around each plan's connector units (nil when it has none).
  let connectorBounds: [BoundingBox?]
  var lastTime = 0.0
  /// Seconds since the last step not yet applied as standing time.
  var still = 0.0
  var initialized = false
  var fastLikelihood: Double?
  var slowLikelihood: Double?
  /// Scores of the current scan, reused between scans.
  var scores = ScoreTable()
  /// The previous scan's RSSI per BSSID, to spot stale repeats (dBm).
  var previousReadings: [String: Double] = [:]
  /// Scan time of the last floor watchdog check, seconds.
  var lastFloorCheck = -Double.infinity
  var unitState: UnitHysteresis
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
    unitState = UnitHysteresis(margin: settings.unitMargin, hold: settings.unitHold)
    let planOfLevel = map.levels.map { plans.planIndex(of: $0) ?? -1 }
    self.planOfLevel = planOfLevel
    mapLevel = plans.plans.indices.map { p in planOfLevel.firstIndex(of: p) ?? -1 }
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
    connectorBounds = connectors.map { units in
      units.map(\.bounds).reduce(nil) { $0?.union($1) ?? $1 }
    }
    if let start { seed(around: start) }
  }

  /// The number of particles now (it varies when the count is adaptive).
  public var count: Int { x.count }

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
    climb = Array(repeating: 0, count: n)
    transit = Array(repeating: .nan, count: n)
    scale = (0..<n).map { _ in 1 + rng.gaussian(sigma: settings.initialScaleSpread) }
    offset = (0..<n).map { _ in rng.gaussian(sigma: settings.initialOffsetSpread) }
  }

  /// Moves every particle by a step with its own noise; moves through walls are redrawn, then
  /// the particle stays put with a weight penalty; particles on stairs, ramps or escalators may
  /// change floor.
  public func step(_ step: StepInput) {
    guard initialized, step.length.isFinite, step.heading.isFinite else { return }
    lastTime = max(lastTime, step.t)
    still = 0
    let degrees = Double.pi / 180
    // Work on local arrays: no exclusivity checks or retains per particle in the loop.
    var xs: [Double] = []
    var ys: [Double] = []
    var bias: [Double] = []
    var weights: [Double] = []
    var planOf: [Int32] = []
    var climbs: [Int8] = []
    var transits: [Float] = []
    swap(&xs, &x)
    swap(&ys, &y)
    swap(&bias, &headingBias)
    swap(&weights, &logWeight)
    swap(&planOf, &plan)
    swap(&climbs, &climb)
    swap(&transits, &transit)
    defer {
      swap(&xs, &x)
      swap(&ys, &y)
      swap(&bias, &headingBias)
      swap(&weights, &logWeight)
      swap(&planOf, &plan)
      swap(&climbs, &climb)
      swap(&transits, &transit)
    }
    let floors = plans.plans
    let scales = scale
    for i in 0..<xs.count where weights[i] > -.infinity {
      let p = Int(planOf[i])
      let from = Point(x: xs[i], y: ys[i])
      var moved = false
      for _ in 0...settings.wallRetries {
        let heading =
          (step.heading - bias[i] + rng.gaussian(sigma: settings.headingNoise)) * degrees
        let length = step.length * scales[i] * (1 + rng.gaussian(sigma: settings.stepLengthNoise))
        let to = Point(x: from.x + length * sin(heading), y: from.y + length * cos(heading))
        if !floors[p].crossesWall(Segment(from, to)) {
          xs[i] = to.x
          ys[i] = to.y
          moved = true
          break
        }
      }
      // Blocked every time: the particle stays against the wall, much less likely than the rest.
      if !moved { weights[i] -= settings.blockedPenalty }
      bias[i] += rng.gaussian(sigma: settings.headingBiasWalk)
      if let target = walkConnector(
        plan: p, at: Point(x: xs[i], y: ys[i]), climb: &climbs[i], transit: &transits[i])
      {
        planOf[i] = Int32(target.plan)
        xs[i] = target.point.x
        ys[i] = target.point.y
      }
    }
  }

  /// Lets time pass. Once a second passes without a step, the standing particles diffuse a
  /// little and those in an elevator or on an escalator may ride to another floor.
  public func advance(to t: Double) {
    guard initialized, t > lastTime else { return }
    still += t - lastTime
    lastTime = t
    guard still >= 1 else { return }
    let dt = still
    still = 0
    let sigma = settings.standingDiffusion * dt.squareRoot()
    // Standing still: riding an elevator or an escalator.
    let elevator = 1 - exp(-settings.elevatorRate * dt)
    let escalator = 1 - exp(-settings.escalatorRate * dt)
    var xs: [Double] = []
    var ys: [Double] = []
    swap(&xs, &x)
    swap(&ys, &y)
    defer {
      swap(&xs, &x)
      swap(&ys, &y)
    }
    let floors = plans.plans
    for i in 0..<xs.count where logWeight[i] > -.infinity {
      let p = Int(plan[i])
      let from = Point(x: xs[i], y: ys[i])
      let to = Point(x: from.x + rng.gaussian(sigma: sigma), y: from.y + rng.gaussian(sigma: sigma))
      if !floors[p].crossesWall(Segment(from, to)) {
        xs[i] = to.x
        ys[i] = to.y
      }
      if let target = ride(
        particle: i, plan: p, at: Point(x: xs[i], y: ys[i]), elevator: elevator,
        escalator: escalator)
      {
        plan[i] = Int32(target.plan)
        xs[i] = target.point.x
        ys[i] = target.point.y
      }
    }
  }
}
