import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Randomness
import Synchronization

/// The particle filter: dead reckoning fused with the radio map's likelihood of each scan, inside
/// the venue's walls. Not `Sendable`: it owns its generator and particle arrays.
///
/// The particles are a `ParticleCloud`; the filter's steps live in extensions: initialization,
/// measurement update, floor watchdog, resampling and estimate.
public final class ParticleFilter: Localizer {
  let plans: FloorPlanSet
  let map: RadioMap
  let settings: ParticleFilterSettings
  let rng: RandomGenerator
  /// The particles (state and weight of each).
  var particles = ParticleCloud()
  /// The map level of each plan (−1 when the map has none).
  let mapLevel: [Int]
  /// The plan of each map level (−1 when the venue has none).
  let planOfLevel: [Int]
  /// The ordinal of each plan, as the barometer weighs floors.
  let planOrdinal: [Double]
  /// How particles move (shared with the workers of a step).
  let motion: MotionModel
  /// Per plan, the floors a particle may move to anywhere (`freeFloors(of:)`).
  let freeFloors: [[Int32]]
  /// Whether any plan has such floors.
  let hasFreeFloors: Bool
  var lastTime = 0.0
  /// Seconds since the last step not yet applied as standing time.
  var still = 0.0
  /// Whether a step was taken since the last scan was weighed.
  var steppedSinceScan = false
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
  var previousFix: (t: Double, plan: Int, position: Point)?
  /// The device offset shared by the cloud: mean and variance, dB and dB².
  var offsetEstimate: (mean: Double, variance: Double)
  /// Locates scans among the survey points, when the nearest points weigh scans.
  let locator: FingerprintLocator?
  /// The current scan's nearest-points field (for draws from it while it is weighed).
  var field: NeighbourField?
  /// The steps of the last `paceWindow` seconds: the walker's pace, along which each particle is
  /// carried by `scanLag` to weigh a scan.
  var recentSteps: [Step] = []
  /// Steps before this time do not move the cloud (it was drawn where the walker is then).
  var stillUntil = -Double.infinity
  /// Steps in a row on which most of the cloud hit a wall (the trap watchdog).
  var trappedSteps = 0
  /// The barometer, once a pressure sample came.
  var barometer: BarometerTrack?
  /// Per plan, the place prior's log weight of each unit (empty when the prior is).
  let unitLogWeight: [[Double]]

  /// Creates a filter; with `start`, particles begin around it, else globally from the first scan.
  public init(
    plans: FloorPlanSet, map: RadioMap, settings: ParticleFilterSettings,
    generator: RandomGenerator,
    start: Route.Waypoint?
  ) {
    self.plans = plans
    planOrdinal = plans.plans.map { Double($0.ordinal) }
    self.map = map
    self.settings = settings
    rng = generator
    unitState = UnitHysteresis(margin: settings.unitMargin, hold: settings.unitHold)
    let planOfLevel = map.levels.map { plans.floor(of: $0)?.index ?? -1 }
    self.planOfLevel = planOfLevel
    mapLevel = plans.plans.indices.map { p in planOfLevel.firstIndex(of: p) ?? -1 }
    motion = MotionModel(plans: plans, settings: settings)
    freeFloors = Self.freeFloors(of: plans)
    hasFreeFloors = freeFloors.contains { !$0.isEmpty }
    offsetEstimate = (0, settings.initialOffsetSpread * settings.initialOffsetSpread)
    locator = settings.measurement.usesNeighbours ? FingerprintLocator(map: map) : nil
    unitLogWeight =
      settings.places.isEmpty
      ? [] : plans.plans.map { $0.units.map { settings.places.logWeight(of: $0.category) } }
    if let start { seed(around: start) }
  }

  /// The number of particles now (it varies when the count is adaptive).
  public var count: Int { particles.count }

  /// Particles around a known start.
  func seed(around start: Route.Waypoint) {
    let n = settings.particles
    let floor = plans[start.floor]
    var points: [Point] = []
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
      points.append(p)
    }
    // Each parameter is drawn for the whole cloud in turn (the order the generator is read in).
    let bias = (0..<n).map { _ in rng.gaussian(sigma: settings.initialHeadingBias) }
    let scales = (0..<n).map { _ in
      settings.initialScale * (1 + rng.gaussian(sigma: settings.initialScaleSpread))
    }
    let offsets = (0..<n).map { _ in drawOffset() }
    particles = ParticleCloud()
    particles.reserveCapacity(n)
    for i in 0..<n {
      particles.append(
        x: points[i].x, y: points[i].y, plan: Int32(start.floor.index), headingBias: bias[i],
        scale: scales[i], offset: offsets[i])
    }
    trappedSteps = 0
    initialized = true
  }

  /// Moves every particle by a step with its own noise; moves through walls are redrawn, then
  /// the particle stays put with a weight penalty; particles on stairs, ramps or escalators may
  /// change floor.
  public func step(_ step: Step) {
    guard initialized, step.t >= stillUntil, step.isUsable else {
      return
    }
    lastTime = max(lastTime, step.t)
    if settings.scanLag != 0 {
      recentSteps.append(step)
      recentSteps.removeAll { $0.t <= step.t - Self.paceWindow }
    }
    still = 0
    steppedSinceScan = true
    changeFreeFloors()
    let n = particles.count
    // Large clouds move in two parts on two workers, each with a generator seeded from this
    // filter's; the split depends on the count only, so results do not depend on the machine.
    let parts = n >= settings.parallelThreshold ? 2 : 1
    guard parts > 1 else {
      let moved = motion.move(&particles, by: step, rng: rng)
      noteBlocked(moved.blocked, of: moved.live)
      return
    }
    let ranges = [0..<n / 2, n / 2..<n]
    let seeds = ranges.map { _ in
      UInt64(rng.uniform() * 4_294_967_296) << 32 | UInt64(rng.uniform() * 4_294_967_296)
    }
    // Each half is handed to its worker through the mutex, so it moves without being copied.
    let halves = Mutex(ranges.map { Optional(particles[$0]) })
    let motion = self.motion
    let moved = concurrentMap(parts) { k in
      var part = halves.withLock { $0[k].take()! }
      // A generator GSL cannot allocate leaves its half where it was.
      var count = (blocked: 0, live: 0)
      if let generator = try? RandomGenerator(seed: seeds[k]) {
        count = motion.move(&part, by: step, rng: generator)
      }
      return (part, count)
    }
    for (k, range) in ranges.enumerated() { particles.replaceSubrange(range, with: moved[k].0) }
    noteBlocked(moved.reduce(0) { $0 + $1.1.blocked }, of: moved.reduce(0) { $0 + $1.1.live })
  }

  /// Counts the steps in a row on which more than `trappedShare` of the `live` particles moved
  /// were `blocked` by walls.
  func noteBlocked(_ blocked: Int, of live: Int) {
    let trapped = live > 0 && Double(blocked) > settings.trappedShare * Double(live)
    trappedSteps = trapped ? trappedSteps + 1 : 0
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
    // Work on a local cloud: no exclusivity check per particle on the class's property.
    var cloud = ParticleCloud()
    swap(&cloud, &particles)
    defer { swap(&cloud, &particles) }
    let floors = plans.plans
    for i in 0..<cloud.count where cloud.logWeight[i] > -.infinity {
      let p = Int(cloud.plan[i])
      let from = Point(x: cloud.x[i], y: cloud.y[i])
      let to = Point(x: from.x + rng.gaussian(sigma: sigma), y: from.y + rng.gaussian(sigma: sigma))
      if floors[p].allowsMove(Segment(from, to)) {
        cloud.x[i] = to.x
        cloud.y[i] = to.y
      }
      if let target = motion.ride(
        plan: p, at: Point(x: cloud.x[i], y: cloud.y[i]), climb: &cloud.climb[i],
        elevator: elevator, escalator: escalator, rng: rng)
      {
        cloud.plan[i] = Int32(target.floor.index)
        cloud.x[i] = target.point.x
        cloud.y[i] = target.point.y
      }
    }
  }
}
