/// One dead-reckoning sample: a step of `length` metres along `heading`, at time `t`.
///
/// Pedestrian dead reckoning gives lengths; other sources (a wheel, a vehicle, a phone's own
/// fused motion) give a speed, and the length is then the speed times the time since the
/// previous step, kept in `speed` as the device said it.
public struct Step: Sendable, Hashable {
  /// Seconds since the start of the walk.
  public var t: Double
  /// Metres covered since the previous step.
  public var length: Double
  /// Heading in degrees clockwise from north, as the device measured it.
  public var heading: Double
  /// The speed the device reported, m/s, when the step came as a speed; `length` was derived
  /// from it.
  public var speed: Double?

  /// A step of `length` metres.
  public init(t: Double, length: Double, heading: Double) {
    self.t = t
    self.length = length
    self.heading = heading
  }

  /// A step given as a `speed` (m/s), covering the time since `previous` (the time of the step
  /// before it; half a second when there is none).
  public init(t: Double, speed: Double, heading: Double, previous: Double?) {
    self.t = t
    self.length = speed * (t - (previous ?? t - Self.defaultInterval))
    self.heading = heading
    self.speed = speed
  }

  /// The interval a speed covers when no earlier step is known, seconds.
  public static let defaultInterval = 0.5

  /// The longest step a localizer takes, metres: longer ones (a speed over a long gap, a
  /// damaged or hostile value such as 1e300, which would carry positions past what a map cell
  /// index can hold) are unusable.
  public static let maximumLength = 100.0

  /// Whether a localizer can take the step: a finite heading and a finite length of at most
  /// `maximumLength` metres either way.
  public var isUsable: Bool {
    heading.isFinite && length.isFinite && abs(length) <= Self.maximumLength
  }
}
