import Foundation
import Geometry

/// The phone's heading in degrees clockwise from north, from its rotation vector, kept steady
/// by the gyroscope: the gyroscope's turn rate about the vertical carries the heading from one
/// sample to the next, and the rotation vector's azimuth pulls it back with time constant
/// `timeConstant`. Without a gyroscope the azimuth is used as it is.
///
/// The pull never slows: a phone's gyroscope drifts (on the IPIN 2023 logs its turn runs
/// 10-20° from the azimuth's over 20 s), and a slower pull while the field looked disturbed
/// (the azimuth 15° from the heading) held a heading the gyroscope had carried off away from
/// the azimuth: those logs spent 13-61 % of their samples so (ILC site1 3 %), and their heading
/// error per segment is 12.3° without it against 14.8° with it (median; ILC 9.0° either way).
public struct HeadingEstimator: Sendable, Hashable {
  /// Seconds over which the azimuth corrects the gyroscope's heading.
  public var timeConstant = 2.0

  /// An estimator with the default settings.
  public init() {}

  /// One heading: a time and degrees clockwise from north in [0, 360).
  public typealias Sample = (t: Double, heading: Double)

  /// The heading at each rotation-vector sample of `log`.
  public func headings(_ log: InertialLog) -> [Sample] {
    var out: [Sample] = []
    out.reserveCapacity(log.rotationVector.count)
    var gyro = 0
    var heading: Double?
    var lastTime = 0.0
    for sample in log.rotationVector {
      let rotation = Self.matrix(sample)
      let azimuth = Self.azimuth(rotation)
      guard let current = heading else {
        heading = azimuth
        lastTime = sample.t
        out.append((sample.t, azimuth))
        continue
      }
      // Turn by the gyroscope samples since the previous rotation sample.
      var turn = 0.0
      var used = false
      while gyro < log.gyroscope.count, log.gyroscope[gyro].t <= sample.t {
        let g = log.gyroscope[gyro]
        gyro += 1
        guard g.t > lastTime else { continue }
        let previous = gyro >= 2 ? max(log.gyroscope[gyro - 2].t, lastTime) : lastTime
        // The rate about the world's up axis; clockwise from above is a growing heading.
        let up = rotation[6] * g.x + rotation[7] * g.y + rotation[8] * g.z
        turn -= up * (g.t - previous) * 180 / .pi
        used = true
      }
      let dt = sample.t - lastTime
      lastTime = sample.t
      guard used else {
        heading = azimuth
        out.append((sample.t, azimuth))
        continue
      }
      var next = current + turn
      next += min(1, max(0, dt) / timeConstant) * Bearing.difference(azimuth, next)
      next = Bearing.normalized(next)
      heading = next
      out.append((sample.t, next))
    }
    return out
  }

  /// The heading at time `t`, from `samples` (time order): the latest at or before it.
  public static func heading(at t: Double, in samples: [Sample]) -> Double? {
    var low = 0
    var high = samples.count
    while low < high {
      let mid = (low + high) / 2
      if samples[mid].t <= t { low = mid + 1 } else { high = mid }
    }
    return low > 0 ? samples[low - 1].heading : samples.first?.heading
  }

  /// The rotation matrix (row-major, device to east-north-up) of a rotation vector, as
  /// Android's `SensorManager.getRotationMatrixFromVector`.
  static func matrix(_ v: InertialSample) -> [Double] {
    let (q1, q2, q3) = (v.x, v.y, v.z)
    let q0 = v.w ?? max(0, 1 - q1 * q1 - q2 * q2 - q3 * q3).squareRoot()
    return [
      1 - 2 * q2 * q2 - 2 * q3 * q3, 2 * q1 * q2 - 2 * q3 * q0, 2 * q1 * q3 + 2 * q2 * q0,
      2 * q1 * q2 + 2 * q3 * q0, 1 - 2 * q1 * q1 - 2 * q3 * q3, 2 * q2 * q3 - 2 * q1 * q0,
      2 * q1 * q3 - 2 * q2 * q0, 2 * q2 * q3 + 2 * q1 * q0, 1 - 2 * q1 * q1 - 2 * q2 * q2,
    ]
  }

  /// The azimuth of the device's y axis, degrees clockwise from north in [0, 360), as
  /// Android's `SensorManager.getOrientation`.
  static func azimuth(_ r: [Double]) -> Double {
    Bearing.normalized(atan2(r[1], r[4]) * 180 / .pi)
  }
}
