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
  /// The `address.geojson` features, in file order.
  public var addresses: [Address] = []
  /// The `amenity.geojson` features, in file order.
  public var amenities: [Amenity] = []
  /// The `anchor.geojson` features, in file order.
  public var anchors: [Anchor] = []
  /// The `building.geojson` features, in file order.
  public var buildings: [Building] = []
  /// The `detail.geojson` features, in file order.
  public var details: [Detail] = []
  /// The `fixture.geojson` features, in file order.
  public var fixtures: [Fixture] = []
  /// The `footprint.geojson` features, in file order.
  public var footprints: [Footprint] = []
  /// The `geofence.geojson` features, in file order.
  public var geofences: [Geofence] = []
  /// The `kiosk.geojson` features, in file order.
  public var kiosks: [Kiosk] = []
  /// The `level.geojson` features, in file order.
  public var levels: [Level] = []
  /// The `occupant.geojson` features, in file order.
  public var occupants: [Occupant] = []
  /// The `opening.geojson` features, in file order.
  public var openings: [Opening] = []
  /// The `relationship.geojson` features, in file order.
  public var relationships: [Relationship] = []
  /// The `section.geojson` features, in file order.
  public var sections: [Section] = []
  /// The `unit.geojson` features, in file order.
  public var units: [Unit] = []
  /// Files in the archive that are not IMDF (extensions, licences), not read.
  public var ignoredFiles: [String] = []
  /// Problems met while loading, in file order (at most `VenueLoader.Limits.findings`).
  public var findings: [Finding] = []
  /// Which of `VenueLoader.Limits` the archive exceeded (loading stopped there), if any.
  public var limitExceeded: String?
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
