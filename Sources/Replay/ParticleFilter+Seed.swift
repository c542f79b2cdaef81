import FingerpostCore
import Fingerprints
import FloorPlans
import Localization
import Randomness

extension ParticleFilter {
  /// The generator stream of a walk's seed that its filter draws from: the same for a replay
  /// and a tracking session, so that the same events with the same seed give the same fixes.
  public static let seedStream = 10

  /// A filter on `plans` with `map`, drawing from stream `seedStream` of a generator seeded
  /// with `seed`, starting around `start` when given.
  public convenience init(
    plans: FloorPlanSet, map: RadioMap, settings: ParticleFilterSettings, seed: UInt64,
    start: Route.Waypoint?
  ) throws(FingerpostError) {
    let generator: RandomGenerator
    do {
      generator = try RandomGenerator(seed: seed).split(stream: Self.seedStream)
    } catch {
      throw FingerpostError(.invalidValue, field: "seed", "no generator for seed \(seed): \(error)")
    }
    self.init(plans: plans, map: map, settings: settings, generator: generator, start: start)
  }
}
