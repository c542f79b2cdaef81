/// An IMDF building.
public struct Building: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.building
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The building category, e.g. `unspecified`.
  public var category: String?
  /// Access restriction.
  public var restriction: String?
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// Where to draw the building's label.
  public var displayPoint: GeoCoordinate?
  /// The building's address.
  public var addressID: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    restriction = p.string("restriction")
    name = p.localized("name")
    altName = p.localized("alt_name")
    displayPoint = p.point("display_point")
    addressID = p.string("address_id")
  }
}

/// An IMDF footprint: a building's outline at ground, aerial or subterranean level.
public struct Footprint: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.footprint
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// `ground`, `aerial` or `subterranean`.
  public var category: String?
  /// The displayed name.
  public var name: LocalizedName?
  /// The buildings this footprint outlines.
  public var buildingIDs: [String]

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    name = p.localized("name")
    buildingIDs = p.strings("building_ids")
  }
}
