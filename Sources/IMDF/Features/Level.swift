/// An IMDF level: one floor of one or more buildings, with its ordinal.
public struct Level: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.level
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The level category, e.g. `unspecified`, `parking`.
  public var category: String?
  /// Access restriction.
  public var restriction: String?
  /// Whether the level is outdoors.
  public var outdoor: Bool
  /// The floor number: 0 at ground, negative below; a CoreLocation floor ordinal.
  public var ordinal: Int?
  /// The displayed name.
  public var name: LocalizedName?
  /// The short name shown in a floor picker, e.g. `B1`.
  public var shortName: LocalizedName?
  /// Where to draw the level's label.
  public var displayPoint: GeoCoordinate?
  /// The level's address.
  public var addressID: String?
  /// The buildings this level belongs to.
  public var buildingIDs: [String]

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    restriction = p.string("restriction")
    outdoor = p.bool("outdoor") ?? false
    ordinal = p.int("ordinal")
    name = p.localized("name")
    shortName = p.localized("short_name")
    displayPoint = p.point("display_point")
    addressID = p.string("address_id")
    buildingIDs = p.strings("building_ids")
  }
}
