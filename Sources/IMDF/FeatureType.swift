/// The IMDF 1.0 feature types, each stored in a file named after it.
public enum FeatureType: String, CaseIterable, Sendable, Codable {
  case address, amenity, anchor, building, detail, fixture, footprint, geofence, kiosk, level
  case occupant, opening, relationship, section, unit, venue

  /// The archive file holding features of this type, e.g. `unit.geojson`.
  public var fileName: String { rawValue + ".geojson" }

  /// Whether an IMDF archive must contain this type's file.
  public var isRequired: Bool {
    switch self {
    case .address, .building, .footprint, .level, .unit, .venue: true
    default: false
    }
  }

  /// Geometry types IMDF allows for this feature type; `nil` in the set means a null geometry.
  public var allowedGeometry: Set<GeometryKind?> {
    switch self {
    case .address, .occupant: [nil]
    case .building: [nil]
    case .amenity, .anchor: [.point]
    case .detail: [.lineString, .multiLineString]
    case .opening: [.lineString, .multiLineString]
    case .fixture, .footprint, .geofence, .kiosk, .level, .section, .unit, .venue:
      [.polygon, .multiPolygon]
    case .relationship: [nil, .point, .lineString, .polygon, .multiPolygon]
    }
  }

  /// The categories IMDF 1.0 defines for this type (empty when the type has none).
  public var knownCategories: Set<String> { IMDFCategories.known[self] ?? [] }
}
