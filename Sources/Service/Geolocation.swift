import FingerpostCore
import Foundation

/// The answer of `/v1/geolocate`: Google's `location` and `accuracy` (metres, about 95 %
/// confidence), and Fingerpost's `indoor` block that clients of the Google API ignore.
public struct Geolocation: Codable, Sendable, Hashable {
  /// Latitude and longitude, degrees.
  public struct Location: Codable, Sendable, Hashable {
    /// Latitude, degrees north.
    public var lat: Double
    /// Longitude, degrees east.
    public var lng: Double
  }

  /// Where indoors: IMDF ids, the floor as CoreLocation's `CLFloor.level`, metres in the
  /// venue's frame (a map-only venue's: its map's, e.g. Web-Mercator metres).
  public struct Indoor: Codable, Sendable, Hashable {
    /// The venue's id in the service.
    public var venue: String
    /// The IMDF building id (a map-only venue's: its map's building label), when known.
    public var building: String?
    /// The IMDF level id.
    public var level_id: String?
    /// The floor ordinal (`CLFloor.level`).
    public var ordinal: Int
    /// The IMDF unit the position is in, if any.
    public var unit_id: String?
    /// The unit's name.
    public var unit_name: String?
    /// Metres east of the venue's origin.
    public var x: Double
    /// Metres north of the venue's origin.
    public var y: Double
  }

  /// The position.
  public var location: Location
  /// Radius holding about 95 % of the estimate, metres.
  public var accuracy: Double
  /// The indoor position.
  public var indoor: Indoor

  /// The answer for `fix` in venue `venue`, its accuracy turned into ground metres by
  /// `groundScale` (below 1 for maps in Web-Mercator metres); nil when the fix has no WGS84
  /// position.
  public init?(fix: Fix, venue: String, groundScale: Double = 1) {
    guard let coordinate = fix.coordinate else { return nil }
    location = Location(lat: coordinate.latitude, lng: coordinate.longitude)
    accuracy = (fix.accuracy * groundScale).rounded(places: 1)
    indoor = Indoor(
      venue: venue, building: fix.building, level_id: fix.levelID, ordinal: fix.ordinal,
      unit_id: fix.unitID, unit_name: fix.unitName, x: fix.position.x.rounded(places: 2),
      y: fix.position.y.rounded(places: 2))
  }
}
