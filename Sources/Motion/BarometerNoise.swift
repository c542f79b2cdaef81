import FingerpostCore
import Foundation
import Randomness

/// How a phone's barometer reads the height of a walk: the air pressure at its height (the
/// standard atmosphere's, from a sea-level pressure of the day), sampled at `rate`, with
/// white noise, a drift that random-walks like the weather, and the phone's own offset.
public struct BarometerNoise: Sendable, Hashable {
  /// Samples a second.
  public var rate = 5.0
  /// The storey height of the venue, metres per floor ordinal.
  public var storeyHeight = 3.5
  /// White noise of each sample, hPa (MEMS barometers: about 0.02–0.05).
  public var noise = 0.03
  /// Random-walk drift of the pressure (weather, temperature), hPa per √hour.
  public var drift = 0.5
  /// Standard deviation of the phone's offset and the day's sea-level pressure, hPa.
  public var offset = 5.0

  /// Realistic defaults for a phone's barometer.
  public init() {}

  /// The hPa at `height` metres above sea level for a sea-level pressure of `seaLevel` hPa.
  public static func pressure(atHeight height: Double, seaLevel: Double = 1013.25) -> Double {
    seaLevel * pow(1 - height / 44_330, 1 / 0.190_263)
  }

  /// The samples over `duration` seconds of a walk whose floor ordinal at time t is
  /// `ordinal(t)`, drawn from `generator`.
  public func samples(
    duration: Double, ordinal: (Double) -> Int, generator: RandomGenerator
  ) -> [Pressure] {
    guard rate > 0, duration >= 0 else { return [] }
    let seaLevel = 1013.25 + generator.gaussian(sigma: offset)
    let interval = 1 / rate
    var wander = 0.0
    var out: [Pressure] = []
    var t = 0.0
    while t <= duration + 1e-9 {
      if t > 0 { wander += generator.gaussian(sigma: drift * (interval / 3600).squareRoot()) }
      let height = Double(ordinal(t)) * storeyHeight
      let hPa =
        Self.pressure(atHeight: height, seaLevel: seaLevel) + wander
        + generator.gaussian(sigma: noise)
      out.append(Pressure(t: (t * 1000).rounded() / 1000, hPa: hPa))
      t += interval
    }
    return out
  }
}
