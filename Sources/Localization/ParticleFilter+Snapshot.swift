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
  /// not fit this filter: particle arrays of unequal lengths, a floor or unit the venue lacks, a
  /// generator state of another kind.
  public func restore(_ snapshot: Snapshot) throws(FingerpostError) {
    let cloud = snapshot.particles
    let n = cloud.count
    guard
      [
        cloud.y.count, cloud.plan.count, cloud.headingBias.count, cloud.scale.count,
        cloud.offset.count, cloud.climb.count, cloud.transit.count, cloud.floorBase.count,
        cloud.logWeight.count,
      ].allSatisfy({ $0 == n })
    else { throw FingerpostError(.mismatch, "the snapshot's particle arrays differ in length") }
    // Positions and per-particle parameters are numbers (transit and floor base may be NaN,
    // their "none"); a weight may be −∞ (dead), never NaN or +∞.
    guard
      [cloud.x, cloud.y, cloud.headingBias, cloud.scale, cloud.offset].allSatisfy({
        $0.allSatisfy(\.isFinite)
      }),
      cloud.logWeight.allSatisfy({ !$0.isNaN && $0 < .infinity }),
      cloud.transit.allSatisfy({ $0.isNaN || ($0.isFinite && $0 >= 0) }),
      cloud.floorBase.allSatisfy({ !$0.isInfinite }),
      cloud.climb.allSatisfy({ (-1...1).contains($0) })
    else { throw FingerpostError(.mismatch, "the snapshot's particles hold impossible values") }
    let floors = plans.plans
    guard cloud.plan.allSatisfy({ $0 >= 0 && Int($0) < floors.count }),
      snapshot.unitState.named.allSatisfy({
        floors.indices.contains($0.plan) && floors[$0.plan].units.indices.contains($0.unit)
      }),
      snapshot.previousFix.map({ floors.indices.contains($0.plan) }) ?? true
    else { throw FingerpostError(.mismatch, "the snapshot names a floor or unit the venue lacks") }
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
}
