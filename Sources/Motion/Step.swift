/// One dead-reckoning sample: a step of `length` metres along `heading`, at time `t`.
public struct Step: Sendable, Hashable {
  /// Seconds since the start of the walk.
  public var t: Double
  /// Step length in metres.
  public var length: Double
  /// Heading in degrees clockwise from north.
  public var heading: Double

  /// Creates a step.
  public init(t: Double, length: Double, heading: Double) {
    self.t = t
    self.length = length
    self.heading = heading
  }
}
