import FingerpostCore
import Fingerprints
import Geometry
import Randomness

extension ParticleFilter {
  /// Everything a filter learnt since it was made: its particles, clocks, watchdogs, estimates
  /// and its generator's state. A filter made with the same plans, map, settings and seed that
  /// restores it gives the same fixes from there on as the filter it was taken from.
  public struct Snapshot: Sendable {
    var particles: ParticleCloud
    var lastTime: Double
    var still: Double
    var steppedSinceScan: Bool
    var initialized: Bool
    var fastLikelihood: Double?
    var slowLikelihood: Double?
    var previousReadings: [String: Double]
    var lastFloorCheck: Double
    var unitState: UnitHysteresis.Held
    var previousFix: (t: Double, plan: Int, position: Point)?
    var offsetEstimate: (mean: Double, variance: Double)
    var recentSteps: [Step]
    var stillUntil: Double
    var trappedSteps: Int
    var barometer: BarometerTrack?
    /// The generator's state (`RandomGenerator.state`).
    var generator: [UInt8]

    /// The particles held, as a size to report.
    public var particleCount: Int { particles.count }
  }

  /// The filter's state now.
  public func snapshot() -> Snapshot {
    Snapshot(
      particles: particles, lastTime: lastTime, still: still,
      steppedSinceScan: steppedSinceScan, initialized: initialized,
      fastLikelihood: fastLikelihood, slowLikelihood: slowLikelihood,
      previousReadings: previousReadings, lastFloorCheck: lastFloorCheck, unitState: unitState.held,
      previousFix: previousFix, offsetEstimate: offsetEstimate, recentSteps: recentSteps,
      stillUntil: stillUntil, trappedSteps: trappedSteps, barometer: barometer,
      generator: rng.state)
  }

  /// Takes up `snapshot`'s state (see `Snapshot`); refused, with nothing changed, when it does
  /// not fit this filter (`check(_:)`) or holds a generator state of another kind.
  public func restore(_ snapshot: Snapshot) throws(FingerpostError) {
    try check(snapshot)
    do {
      try rng.restore(state: snapshot.generator)
    } catch {
      throw FingerpostError(.mismatch, "the snapshot's generator is another kind: \(error)")
    }
    particles = snapshot.particles
    lastTime = snapshot.lastTime
    still = snapshot.still
    steppedSinceScan = snapshot.steppedSinceScan
    initialized = snapshot.initialized
    fastLikelihood = snapshot.fastLikelihood
    slowLikelihood = snapshot.slowLikelihood
    previousReadings = snapshot.previousReadings
    lastFloorCheck = snapshot.lastFloorCheck
    unitState.held = snapshot.unitState
    previousFix = snapshot.previousFix
    offsetEstimate = snapshot.offsetEstimate
    recentSteps = snapshot.recentSteps
    stillUntil = snapshot.stillUntil
    trappedSteps = snapshot.trappedSteps
    barometer = snapshot.barometer
  }

  /// How far outside the venue's walkable bounds a restored particle may lie, metres.
  static let snapshotReach = 1_000.0

  /// Refuses a snapshot this filter could not have taken: particle arrays of unequal lengths,
  /// a particle far outside the venue or with impossible parameters, a floor or unit the venue
  /// lacks, times, pressures and readings that are not finite numbers.
  func check(_ snapshot: Snapshot) throws(FingerpostError) {
    let cloud = snapshot.particles
    let n = cloud.count
    guard
      [
        cloud.y.count, cloud.plan.count, cloud.headingBias.count, cloud.scale.count,
        cloud.offset.count, cloud.climb.count, cloud.transit.count, cloud.floorBase.count,
        cloud.logWeight.count,
      ].allSatisfy({ $0 == n })
    else { throw FingerpostError(.mismatch, "the snapshot's particle arrays differ in length") }
    let floors = plans.plans
    guard cloud.plan.allSatisfy({ $0 >= 0 && Int($0) < floors.count }),
      snapshot.unitState.named.allSatisfy({
        floors.indices.contains($0.plan) && floors[$0.plan].units.indices.contains($0.unit)
      }),
      snapshot.previousFix.map({ floors.indices.contains($0.plan) }) ?? true,
      snapshot.barometer?.anchor.map({ floors.indices.contains($0.plan) }) ?? true
    else { throw FingerpostError(.mismatch, "the snapshot names a floor or unit the venue lacks") }
    // Where particles may be: the venue's walkable bounds and some way around them.
    let area = floors.compactMap(\.walkableBounds).reduce(nil) { $0?.union($1) ?? $1 }
      .map { $0.expanded(by: Self.snapshotReach) }
    let inside = { (x: Double, y: Double) in area?.contains(Point(x: x, y: y)) ?? false }
    // Per-particle parameters within bounds no walk reaches (degrees, step-length factor, dB);
    // a weight may be −∞ (dead), transit and floor base NaN (their "none").
    let bounded = { (values: [Double], limit: Double) in values.allSatisfy { abs($0) <= limit } }
    guard cloud.x.indices.allSatisfy({ inside(cloud.x[$0], cloud.y[$0]) }),
      bounded(cloud.headingBias, 1e6), bounded(cloud.scale, 1e3), bounded(cloud.offset, 1e3),
      cloud.logWeight.allSatisfy({ !$0.isNaN && $0 < .infinity }),
      cloud.transit.allSatisfy({ $0.isNaN || ($0.isFinite && $0 >= 0) }),
      cloud.floorBase.allSatisfy({ $0.isNaN || abs($0) <= 1_000 }),
      cloud.climb.allSatisfy({ (-1...1).contains($0) })
    else { throw FingerpostError(.mismatch, "the snapshot's particles hold impossible values") }
    let offset = snapshot.offsetEstimate
    let fix = snapshot.previousFix
    let numbers =
      [snapshot.lastTime, snapshot.still, offset.mean, offset.variance]
      + [snapshot.fastLikelihood, snapshot.slowLikelihood].compactMap { $0 }
      + snapshot.recentSteps.flatMap { [$0.t, $0.length, $0.heading, $0.speed ?? 0] }
      + [fix?.t, snapshot.barometer?.first, snapshot.barometer?.current, snapshot.barometer?.time]
      .compactMap { $0 }
      + [snapshot.barometer?.anchor?.height, snapshot.barometer?.anchor?.time].compactMap { $0 }
    // Clocks as events reach them (|t| ≤ `SurveyRecord.timeLimit`): a stand of 1e200 s spread
    // particles 1e100 m at the next event, and the next scan trapped placing them on the grid.
    let clock = SurveyRecord.timeLimit
    guard numbers.allSatisfy(\.isFinite), snapshot.still >= 0, snapshot.still <= 2 * clock,
      abs(snapshot.lastTime) <= clock,
      abs(offset.mean) <= 1e3, offset.variance >= 0, offset.variance <= 1e6,
      fix.map({ inside($0.position.x, $0.position.y) }) ?? true,
      !snapshot.lastFloorCheck.isNaN, snapshot.lastFloorCheck < .infinity,
      !snapshot.stillUntil.isNaN, snapshot.stillUntil < .infinity,
      snapshot.previousReadings.values.allSatisfy(\.isFinite),
      snapshot.recentSteps.allSatisfy(\.isUsable)
    else {
      throw FingerpostError(.mismatch, "the snapshot's clocks, estimates or steps are not a walk's")
    }
  }
}
