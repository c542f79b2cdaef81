/// An IMDF opening: a door or passage, drawn as a line on a unit boundary.
public struct Opening: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.opening
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The opening category, e.g. `pedestrian`.
  public var category: String?
  /// Accessibility codes.
  public var accessibility: [String]
  /// Access control codes, e.g. `keyaccess`.
  public var accessControl: [String]
  /// The door description (`type`, `automatic`, `material`), kept as read.
  public var door: JSONValue?
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// Where to draw the opening's label.
  public var displayPoint: GeoCoordinate?
  /// The id of the level the opening is on.
  public var levelID: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    accessibility = p.strings("accessibility")
    accessControl = p.strings("access_control")
    door = p.raw("door")
    name = p.localized("name")
    altName = p.localized("alt_name")
    displayPoint = p.point("display_point")
    levelID = p.string("level_id")
  }
}
