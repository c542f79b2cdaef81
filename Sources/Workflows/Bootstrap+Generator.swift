import FingerpostCore
import Randomness
import Scoring

extension Bootstrap {
  /// The generator every scoreboard's resamples are drawn with: one fixed seed, so that the same
  /// walks give the same intervals.
  static func generator() throws(FingerpostError) -> RandomGenerator {
    do {
      return try RandomGenerator(seed: 2026)
    } catch {
      throw FingerpostError(.invalidValue, "the bootstrap generator: \(error)")
    }
  }
}
