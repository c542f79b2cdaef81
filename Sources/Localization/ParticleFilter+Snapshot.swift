import FingerpostCore
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
    var unitState: UnitHysteresis
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
      previousReadings: previousReadings, lastFloorCheck: lastFloorCheck, unitState: unitState,
      previousFix: previousFix, offsetEstimate: offsetEstimate, recentSteps: recentSteps,
      stillUntil: stillUntil, trappedSteps: trappedSteps, barometer: barometer,
      generator: rng.state)
  }

  /// Takes up `snapshot`'s state (see `Snapshot`); refused when its generator state is not
  /// this filter's generator's kind.
  public func restore(_ snapshot: Snapshot) throws(RandomnessError) {
    try rng.restore(state: snapshot.generator)
    particles = snapshot.particles
    lastTime = snapshot.lastTime
    still = snapshot.still
    steppedSinceScan = snapshot.steppedSinceScan
    initialized = snapshot.initialized
    fastLikelihood = snapshot.fastLikelihood
    slowLikelihood = snapshot.slowLikelihood
    previousReadings = snapshot.previousReadings
    lastFloorCheck = snapshot.lastFloorCheck
    unitState = snapshot.unitState
    previousFix = snapshot.previousFix
    offsetEstimate = snapshot.offsetEstimate
    recentSteps = snapshot.recentSteps
    stillUntil = snapshot.stillUntil
    trappedSteps = snapshot.trappedSteps
    barometer = snapshot.barometer
  }
}
