/// One sample of a phone's motion sensor: three axes in the device frame (and the rotation
/// vector's scalar part when the phone gives it), at a time.
///
/// Accelerometer samples are in m/s² (gravity included), gyroscope samples in rad/s, rotation
/// vector samples are the x, y, z (and w) of the unit quaternion that turns the device frame
/// into the east-north-up world frame, as Android's `TYPE_ROTATION_VECTOR` reports them.
public struct InertialSample: Sendable, Hashable {
  /// Seconds since the start of the walk.
  public var t: Double
  /// The first axis (device x).
  public var x: Double
  /// The second axis (device y).
  public var y: Double
  /// The third axis (device z).
  public var z: Double
  /// The rotation vector's scalar part, when the sensor reports it.
  public var w: Double?

  /// Creates a sample.
  public init(t: Double, x: Double, y: Double, z: Double, w: Double? = nil) {
    self.t = t
    self.x = x
    self.y = y
    self.z = z
    self.w = w
  }

  /// The Euclidean norm of the three axes.
  public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}

/// A phone's recorded inertial sensors over one walk, each stream in time order.
public struct InertialLog: Sendable, Hashable {
  /// Acceleration including gravity, m/s².
  public var accelerometer: [InertialSample]
  /// Angular rate, rad/s.
  public var gyroscope: [InertialSample]
  /// Orientation as a rotation vector (quaternion).
  public var rotationVector: [InertialSample]

  /// Creates a log; each stream is sorted by time.
  public init(
    accelerometer: [InertialSample], gyroscope: [InertialSample] = [],
    rotationVector: [InertialSample] = []
  ) {
    self.accelerometer = accelerometer.sorted { $0.t < $1.t }
    self.gyroscope = gyroscope.sorted { $0.t < $1.t }
    self.rotationVector = rotationVector.sorted { $0.t < $1.t }
  }
}
