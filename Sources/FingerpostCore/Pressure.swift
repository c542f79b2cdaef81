import Foundation

/// One barometer sample: the air pressure a phone measured at a time. Its absolute value
/// drifts with the weather and differs between phones by a few hPa; its change over seconds
/// tells a floor change (about 0.12 hPa a metre of height near sea level).
public struct Pressure: Sendable, Hashable {
  /// Seconds since the start of the walk.
  public var t: Double
  /// Hectopascals (= mbar).
  public var hPa: Double

  /// A sample of `hPa` hectopascals at `t` seconds.
  public init(t: Double, hPa: Double) {
    self.t = t
    self.hPa = hPa
  }

  /// The pressures a phone's barometer can report, hPa (the range of common MEMS sensors; the
  /// highest and lowest air pressures recorded on land lie within it).
  public static let plausible = 260.0...1260.0

  /// Height change, metres, between air pressures `from` and `to` (hPa), by the barometric
  /// formula of the international standard atmosphere: positive when `to` is lower (higher up).
  public static func heightChange(from: Double, to: Double) -> Double {
    44_330 * (pow(from / 1013.25, 0.190_263) - pow(to / 1013.25, 0.190_263))
  }

  /// The air pressure, hPa, `metres` above (below when negative) where it is `from` hPa, by
  /// the same formula (`heightChange(from:to:)` of the two is `metres`).
  public static func pressure(from: Double, climbing metres: Double) -> Double {
    1013.25 * pow(max(pow(from / 1013.25, 0.190_263) - metres / 44_330, 1e-9), 1 / 0.190_263)
  }
}
