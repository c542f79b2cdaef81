import FingerpostCore

/// Steps from a phone's inertial sensors: detected in the acceleration (`StepDetector`), each
/// as long as Weinberg's model says (`WeinbergStepLength`), along the heading of the phone at
/// the step (`HeadingEstimator`). Causal: a step uses only samples up to its own time.
public struct PedestrianDeadReckoning: Sendable {
  /// Finds the steps.
  public var detector = StepDetector()
  /// Gives each its length.
  public var stepLength = WeinbergStepLength()
  /// Gives each its heading.
  public var heading = HeadingEstimator()

  /// Dead reckoning with the default models.
  public init() {}

  /// The steps of `log`, in time order; none without accelerometer or rotation-vector samples.
  public func steps(_ log: InertialLog) -> [Step] {
    let headings = heading.headings(log)
    guard !headings.isEmpty else { return [] }
    return detector.steps(in: log.accelerometer).compactMap { step in
      guard let h = HeadingEstimator.heading(at: step.t, in: headings) else { return nil }
      return Step(
        t: step.t, length: stepLength.length(peak: step.peak, valley: step.valley), heading: h)
    }
  }
}
