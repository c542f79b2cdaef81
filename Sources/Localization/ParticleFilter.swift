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
  /// How particles move (shared with the workers of a step).
  let motion: MotionModel
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
  var previousFix: (t: Double, plan: Int, position: Point)?

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
    let planOfLevel = map.levels.map { plans.floor(of: $0)?.index ?? -1 }
    self.planOfLevel = planOfLevel
    mapLevel = plans.plans.indices.map { p in planOfLevel.firstIndex(of: p) ?? -1 }
    motion = MotionModel(plans: plans, settings: settings)
    if let start { seed(around: start) }
  }

  /// The number of particles now (it varies when the count is adaptive).
  public var count: Int { x.count }

  /// Particles around a known start.
  func seed(around start: Route.Waypoint) {
    let n = settings.particles
    let floor = plans[start.floor]
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
    plan = Array(repeating: Int32(start.floor.index), count: n)
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
  public func step(_ step: Step) {
    guard initialized, step.length.isFinite, step.heading.isFinite else { return }
    lastTime = max(lastTime, step.t)
    still = 0
    let n = x.count
    // Large clouds move in two slices on two workers, each with a generator seeded from this
    // filter's; the split depends on the count only, so results do not depend on the machine.
    let parts = n >= settings.parallelThreshold ? 2 : 1
    guard parts > 1 else {
      var slice = takeAll()
      motion.move(&slice, by: step, rng: rng)
      putBack(slice)
      return
    }
    let ranges = [0..<n / 2, n / 2..<n]
    let seeds = ranges.map { _ in
      UInt64(rng.uniform() * 4_294_967_296) << 32 | UInt64(rng.uniform() * 4_294_967_296)
    }
    // Each half is handed to its worker through the mutex, so it moves without being copied.
    let halves = Mutex(ranges.map { Optional(copySlice($0)) })
    let motion = self.motion
    let moved = concurrentMap(parts) { k in
      var slice = halves.withLock { $0[k].take()! }
      // A generator GSL cannot allocate leaves its half where it was.
      if let generator = try? RandomGenerator(seed: seeds[k]) {
        motion.move(&slice, by: step, rng: generator)
      }
      return slice
    }
    for (k, range) in ranges.enumerated() { writeSlice(moved[k], at: range) }
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
      if let target = motion.ride(
        plan: p, at: Point(x: xs[i], y: ys[i]), climb: &climb[i], elevator: elevator,
        escalator: escalator, rng: rng)
      {
        plan[i] = Int32(target.floor.index)
        xs[i] = target.point.x
        ys[i] = target.point.y
      }
    }
  }
}
