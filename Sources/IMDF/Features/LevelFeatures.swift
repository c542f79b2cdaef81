/// An IMDF detail: line work drawn on a level (markings, stair treads).
public struct Detail: IMDFFeature, Hashable {
  public static let featureType = FeatureType.detail
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The level the detail is drawn on.
  public var levelID: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    levelID = p.string("level_id")
  }
}

/// An IMDF fixture: furniture, equipment or an obstruction on a level.
public struct Fixture: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.fixture
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The fixture category, e.g. `desk`, `obstruction`.
  public var category: String?
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// The anchor placing the fixture.
  public var anchorID: String?
  /// The level the fixture is on.
  public var levelID: String?
  /// Where to draw the fixture's label.
  public var displayPoint: GeoCoordinate?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    name = p.localized("name")
    altName = p.localized("alt_name")
    anchorID = p.string("anchor_id")
    levelID = p.string("level_id")
    displayPoint = p.point("display_point")
  }
}

/// An IMDF kiosk: a small free-standing structure on a level.
public struct Kiosk: IMDFFeature, Hashable {
  public static let featureType = FeatureType.kiosk
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// The anchor placing the kiosk.
  public var anchorID: String?
  /// The level the kiosk is on.
  public var levelID: String?
  /// Where to draw the kiosk's label.
  public var displayPoint: GeoCoordinate?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    name = p.localized("name")
    altName = p.localized("alt_name")
    anchorID = p.string("anchor_id")
    levelID = p.string("level_id")
    displayPoint = p.point("display_point")
  }
}

/// An IMDF section: a named area within a level (a food court, a parking zone).
public struct Section: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.section
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The section category, e.g. `eatingdrinking`.
  public var category: String?
  /// Access restriction.
  public var restriction: String?
  /// Accessibility codes.
  public var accessibility: [String]
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// Where to draw the section's label.
  public var displayPoint: GeoCoordinate?
  /// The level the section is on.
  public var levelID: String?
  /// The section's address.
  public var addressID: String?
  /// An id correlating it with an external system.
  public var correlationID: String?
  /// Enclosing sections.
  public var parents: [String]

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    restriction = p.string("restriction")
    accessibility = p.strings("accessibility")
    name = p.localized("name")
    altName = p.localized("alt_name")
    displayPoint = p.point("display_point")
    levelID = p.string("level_id")
    addressID = p.string("address_id")
    correlationID = p.string("correlation_id")
    parents = p.strings("parents")
  }
}

/// An IMDF geofence: an area with a meaning for apps (a paid area, a gate).
public struct Geofence: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.geofence
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The geofence category.
  public var category: String?
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// An id correlating it with an external system.
  public var correlationID: String?
  /// Where to draw the geofence's label.
  public var displayPoint: GeoCoordinate?
  /// Buildings it applies to.
  public var buildingIDs: [String]
  /// Levels it applies to.
  public var levelIDs: [String]
  /// Enclosing geofences.
  public var parents: [String]

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    name = p.localized("name")
    altName = p.localized("alt_name")
    correlationID = p.string("correlation_id")
    displayPoint = p.point("display_point")
    buildingIDs = p.strings("building_ids")
    levelIDs = p.strings("level_ids")
    parents = p.strings("parents")
  }
}
