import Geometry

/// A parsed IMDF archive, faithful to the files: every feature type, every property, and the
/// problems met while loading.
public struct Venue: Sendable {
  /// The folder or zip the venue was loaded from.
  public var path: String
  /// The manifest, or `nil` when `manifest.json` is missing or unreadable.
  public var manifest: Manifest?
  /// The venue features (IMDF expects exactly one).
  public var venues: [VenueFeature] = []
  public var addresses: [Address] = []
  public var amenities: [Amenity] = []
  public var anchors: [Anchor] = []
  public var buildings: [Building] = []
  public var details: [Detail] = []
  public var fixtures: [Fixture] = []
  public var footprints: [Footprint] = []
  public var geofences: [Geofence] = []
  public var kiosks: [Kiosk] = []
  public var levels: [Level] = []
  public var occupants: [Occupant] = []
  public var openings: [Opening] = []
  public var relationships: [Relationship] = []
  public var sections: [Section] = []
  public var units: [Unit] = []
  /// Files in the archive that are not IMDF (extensions, licences), not read.
  public var ignoredFiles: [String] = []
  /// Problems met while loading, in file order.
  public var findings: [Finding] = []
  /// Every feature id seen, with its type, in file order (duplicates included).
  public var featureIDs: [(id: String, type: FeatureType)] = []

  /// The local metric frame of the venue, centred on the venue's display point.
  public var frame: LocalFrame {
    LocalFrame(origin: origin)
  }

  /// The frame origin: the venue's display point, else the centre of all level outlines.
  public var origin: GeoCoordinate {
    if let p = venues.first?.displayPoint { return p }
    let coordinates = (venues.compactMap(\.geometry) + levels.compactMap(\.geometry))
      .flatMap(\.allCoordinates)
    guard !coordinates.isEmpty else { return GeoCoordinate(longitude: 0, latitude: 0) }
    let lon = coordinates.map(\.longitude)
    let lat = coordinates.map(\.latitude)
    return GeoCoordinate(
      longitude: (lon.min()! + lon.max()!) / 2, latitude: (lat.min()! + lat.max()!) / 2)
  }

  /// The venue's display name.
  public var name: String {
    venues.first?.name?.text(preferring: manifest?.language ?? "en") ?? "(unnamed venue)"
  }

  /// Creates an empty venue for `path`; `VenueLoader` fills it.
  public init(path: String) {
    self.path = path
  }
}
