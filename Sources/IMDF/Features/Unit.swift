/// An IMDF unit: a room, corridor, stairwell or other space on a level.
public struct Unit: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.unit
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The unit category, e.g. `room`, `walkway`, `stairs`.
  public var category: String?
  /// Access restriction, e.g. `employeesonly`.
  public var restriction: String?
  /// Accessibility codes.
  public var accessibility: [String]
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// The id of the level the unit is on.
  public var levelID: String?
  /// Where to draw the unit's label.
  public var displayPoint: GeoCoordinate?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    restriction = p.string("restriction")
    accessibility = p.strings("accessibility")
    name = p.localized("name")
    altName = p.localized("alt_name")
    levelID = p.string("level_id")
    displayPoint = p.point("display_point")
  }
}
