import Foundation

/// A local east/north metric frame about an origin on the WGS84 ellipsoid.
///
/// Positions are projected onto the plane tangent to the ellipsoid at the origin (ENU), which
/// keeps distances within a millimetre of the geodesic ones up to several kilometres away.
public struct LocalFrame: Sendable, Hashable, Codable {
  /// The geographic position of the frame's (0, 0).
  public let origin: GeoCoordinate

  private let sinLat: Double
  private let cosLat: Double
  private let sinLon: Double
  private let cosLon: Double
  private let originECEF: SIMD3<Double>

  /// WGS84 semi-major axis, in metres.
  static let semiMajorAxis = 6_378_137.0
  /// WGS84 flattening.
  static let flattening = 1 / 298.257_223_563
  /// WGS84 first eccentricity squared.
  static let eccentricitySquared = flattening * (2 - flattening)

  /// Creates a frame whose origin is the given position.
  public init(origin: GeoCoordinate) {
    self.origin = origin
    let lat = origin.latitude * .pi / 180
    let lon = origin.longitude * .pi / 180
    sinLat = sin(lat)
    cosLat = cos(lat)
    sinLon = sin(lon)
    cosLon = cos(lon)
    originECEF = Self.ecef(latitude: lat, longitude: lon, height: 0)
  }

  /// The point `p` of frame `other` in this frame (itself when the origins are the same).
  public func point(_ p: Point, from other: LocalFrame) -> Point {
    other.origin == origin ? p : point(for: other.coordinate(for: p))
  }

  /// The local point (metres east and north of the origin) of a geographic position.
  public func point(for coordinate: GeoCoordinate) -> Point {
    let p = Self.ecef(
      latitude: coordinate.latitude * .pi / 180, longitude: coordinate.longitude * .pi / 180,
      height: 0)
    let d = p - originECEF
    let east = -sinLon * d.x + cosLon * d.y
    let north = -sinLat * cosLon * d.x - sinLat * sinLon * d.y + cosLat * d.z
    return Point(x: east, y: north)
  }

  /// The geographic position on the ellipsoid whose local east/north is `point`.
  public func coordinate(for point: Point) -> GeoCoordinate {
    // Start on the tangent plane dropped by the Earth's curvature, then correct the up
    // component until the point lies on the ellipsoid (two or three rounds suffice).
    var up = -(point.x * point.x + point.y * point.y) / (2 * Self.semiMajorAxis)
    var result = (latitude: 0.0, longitude: 0.0, height: 0.0)
    for _ in 0..<4 {
      let ecef = originECEF + enuToECEF(east: point.x, north: point.y, up: up)
      result = Self.geodetic(ecef)
      if abs(result.height) < 1e-6 { break }
      up -= result.height
    }
    return GeoCoordinate(
      longitude: result.longitude * 180 / .pi, latitude: result.latitude * 180 / .pi)
  }

  private func enuToECEF(east: Double, north: Double, up: Double) -> SIMD3<Double> {
    SIMD3(
      -sinLon * east - sinLat * cosLon * north + cosLat * cosLon * up,
      cosLon * east - sinLat * sinLon * north + cosLat * sinLon * up,
      cosLat * north + sinLat * up)
  }

  static func ecef(latitude: Double, longitude: Double, height: Double) -> SIMD3<Double> {
    let s = sin(latitude)
    let n = semiMajorAxis / (1 - eccentricitySquared * s * s).squareRoot()
    return SIMD3(
      (n + height) * cos(latitude) * cos(longitude),
      (n + height) * cos(latitude) * sin(longitude),
      (n * (1 - eccentricitySquared) + height) * s)
  }

  static func geodetic(_ p: SIMD3<Double>) -> (latitude: Double, longitude: Double, height: Double)
  {
    let longitude = atan2(p.y, p.x)
    let r = (p.x * p.x + p.y * p.y).squareRoot()
    var latitude = atan2(p.z, r * (1 - eccentricitySquared))
    var height = 0.0
    for _ in 0..<6 {
      let s = sin(latitude)
      let n = semiMajorAxis / (1 - eccentricitySquared * s * s).squareRoot()
      height = r / cos(latitude) - n
      latitude = atan2(p.z, r * (1 - eccentricitySquared * n / (n + height)))
    }
    return (latitude, longitude, height)
  }

  // Derived trigonometric state is not part of identity.
  public static func == (a: LocalFrame, b: LocalFrame) -> Bool { a.origin == b.origin }
  public func hash(into hasher: inout Hasher) { hasher.combine(origin) }

  private enum CodingKeys: String, CodingKey { case origin }
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(origin: try container.decode(GeoCoordinate.self, forKey: .origin))
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(origin, forKey: .origin)
  }
}
