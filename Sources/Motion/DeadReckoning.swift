import FingerpostCore
import Geometry
import Randomness

/// Turns true steps into the steps a phone reports, with the errors of `StepNoise`. Not
/// `Sendable`: it owns a generator and the walk's drifting heading state.
public final class DeadReckoning {
  /// The error model.
  public let noise: StepNoise
  /// This walker's length scale (1 + bias), drawn once.
  public let scale: Double
  /// This walk's heading bias in degrees, drawn once.
  public let headingBias: Double
  /// The current heading drift in degrees.
  public private(set) var drift = 0.0
  private let generator: RandomGenerator
  private var lastTime: Double?

  /// Creates a dead-reckoning simulator drawing from `generator`.
  public init(noise: StepNoise, generator: RandomGenerator) {
    self.noise = noise
    self.generator = generator
    scale = 1 + generator.gaussian(sigma: noise.scaleBiasSigma)
    headingBias = generator.gaussian(sigma: noise.headingBiasSigma)
  }

  /// The steps reported for one true step: none when missed, two when double-counted.
  public func observe(_ truth: Step) throws(RandomnessError) -> [Step] {
    if let last = lastTime, truth.t > last {
      drift += generator.gaussian(sigma: noise.headingDriftSigma * (truth.t - last).squareRoot())
    }
    lastTime = truth.t
    if try generator.bernoulli(noise.missProbability) { return [] }
    let count = try generator.bernoulli(noise.doubleProbability) ? 2 : 1
    return (0..<count).map { k in
      let length = truth.length * scale * (1 + generator.gaussian(sigma: noise.lengthSigma))
      let heading = Bearing.normalized(
        truth.heading + headingBias + drift + generator.gaussian(sigma: noise.headingSigma))
      return Step(t: truth.t + Double(k) * 0.05, length: max(length, 0), heading: heading)
    }
  }
}
