/// A WGS84 position in degrees, in GeoJSON's `[longitude, latitude]` order.
public struct GeoCoordinate: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Degrees east of Greenwich, −180…180.
  public var longitude: Double
  /// Degrees north of the equator, −90…90.
  public var latitude: Double

  /// Creates a coordinate from longitude and latitude in degrees.
  public init(longitude: Double, latitude: Double) {
    self.longitude = longitude
    self.latitude = latitude
  }

  /// Whether both values are finite and within their ranges.
  public var isValid: Bool {
    longitude.isFinite && latitude.isFinite && abs(longitude) <= 180 && abs(latitude) <= 90
  }

  /// `[longitude, latitude]` rounded to 7 decimal places (about a centimetre), as a GeoJSON
  /// position is written.
  public var geoJSONPosition: [Double] {
    [(longitude * 1e7).rounded() / 1e7, (latitude * 1e7).rounded() / 1e7]
  }

  public var description: String {
    "\(longitude.formatted(decimals: 7)), \(latitude.formatted(decimals: 7))"
  }
}
