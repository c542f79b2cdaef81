import Foundation

/// EPSG:3857, the spherical Web-Mercator projection that datasets such as UJIIndoorLoc record
/// positions in: x, y metres on a sphere of the WGS84 equatorial radius.
public enum WebMercator {
  /// The sphere's radius, metres (WGS84's semi-major axis).
  public static let radius = 6_378_137.0

  /// The WGS84 position of projected point `p` (metres).
  public static func coordinate(for p: Point) -> GeoCoordinate {
    GeoCoordinate(
      longitude: p.x / radius * 180 / .pi,
      latitude: (2 * atan(exp(p.y / radius)) - .pi / 2) * 180 / .pi)
  }

  /// The projected point (metres) of WGS84 position `c`.
  public static func point(for c: GeoCoordinate) -> Point {
    Point(
      x: c.longitude * .pi / 180 * radius,
      y: log(tan(.pi / 4 + c.latitude * .pi / 360)) * radius)
  }

  /// Ground metres per projected metre at projected northing `y`: cos(latitude), since the
  /// projection stretches distances by 1/cos(latitude) (on the sphere; within 0.2 % of the
  /// WGS84 ellipsoid's).
  public static func groundScale(atY y: Double) -> Double {
    cos(2 * atan(exp(y / radius)) - .pi / 2)
  }
}
