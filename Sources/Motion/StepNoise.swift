import FingerpostCore

/// How a phone's pedestrian dead reckoning errs: per-step length noise, a per-walker length
/// scale bias, a constant heading bias, a heading drift that random-walks like a gyro bias, and
/// occasionally missed or double-counted steps.
public struct StepNoise: Sendable, Hashable {
  /// Relative standard deviation of each step's length (0.05 = 5 %).
  public var lengthSigma = 0.05
  /// Standard deviation of the per-walker length scale bias (relative).
  public var scaleBiasSigma = 0.05
  /// Standard deviation of the constant heading bias, degrees.
  public var headingBiasSigma = 3.0
  /// Heading drift random-walk intensity, degrees per √second.
  public var headingDriftSigma = 0.3
  /// Per-step heading noise, degrees.
  public var headingSigma = 2.0
  /// Probability that a step goes undetected.
  public var missProbability = 0.02
  /// Probability that a step is counted twice.
  public var doubleProbability = 0.01

  /// Realistic defaults for a phone held in hand.
  public init() {}

  /// No error at all (for tests and the truth).
  public static let none: StepNoise = {
    var n = StepNoise()
    n.lengthSigma = 0
    n.scaleBiasSigma = 0
    n.headingBiasSigma = 0
    n.headingDriftSigma = 0
    n.headingSigma = 0
    n.missProbability = 0
    n.doubleProbability = 0
    return n
  }()
}
