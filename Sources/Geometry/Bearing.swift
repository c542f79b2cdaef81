import Foundation

/// Compass bearings in degrees clockwise from north, as headings and courses are given.
public enum Bearing {
  /// `degrees` brought into [0, 360).
  public static func normalized(_ degrees: Double) -> Double {
    let d = degrees.truncatingRemainder(dividingBy: 360)
    return d < 0 ? d + 360 : d
  }

  /// The turn from bearing `b` to bearing `a`, degrees in (−180, 180].
  public static func difference(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 }
    if d <= -180 { d += 360 }
    return d
  }

  /// The bearing of the vector `v` (x east, y north), degrees in (−180, 180].
  public static func of(_ v: Point) -> Double {
    atan2(v.x, v.y) * 180 / .pi
  }
}
