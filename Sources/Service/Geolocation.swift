import FingerpostCore
import Foundation

/// The answer of `/v1/geolocate`: Google's `location` and `accuracy` (metres, about 95 %
/// confidence), and Fingerpost's `indoor` block that clients of the Google API ignore.
public struct Geolocation: Codable, Sendable, Hashable {
  /// Latitude and longitude, degrees.
  public struct Location: Codable, Sendable, Hashable {
    public var lat: Double
    public var lng: Double
  }

  /// Where indoors: IMDF ids, the floor as CoreLocation's `CLFloor.level`, metres in the
  /// venue's frame.
  public struct Indoor: Codable, Sendable, Hashable {
    public var venue: String
    public var building: String?
    public var level_id: String?
    public var ordinal: Int
    public var unit_id: String?
    public var unit_name: String?
    public var x: Double
    public var y: Double
  }

  /// The position.
  public var location: Location
  /// Radius holding about 95 % of the estimate, metres.
  public var accuracy: Double
  /// The indoor position.
  public var indoor: Indoor

  /// The answer for `fix` in venue `venue`; nil when the fix has no WGS84 position.
  public init?(fix: Fix, venue: String) {
    guard let coordinate = fix.coordinate else { return nil }
    location = Location(lat: coordinate.latitude, lng: coordinate.longitude)
    accuracy = (fix.accuracy * 10).rounded() / 10
    indoor = Indoor(
      venue: venue, building: fix.building, level_id: fix.levelID, ordinal: fix.ordinal,
      unit_id: fix.unitID, unit_name: fix.unitName, x: (fix.position.x * 100).rounded() / 100,
      y: (fix.position.y * 100).rounded() / 100)
  }
}
