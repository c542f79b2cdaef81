/// An IMDF anchor: a point in a unit where an occupant, kiosk or fixture is placed.
public struct Anchor: IMDFFeature, Hashable {
  public static let featureType = FeatureType.anchor
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The anchor's address.
  public var addressID: String?
  /// The unit holding the anchor.
  public var unitID: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    addressID = p.string("address_id")
    unitID = p.string("unit_id")
  }
}

/// An IMDF occupant: a business or organisation placed at an anchor.
public struct Occupant: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.occupant
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The displayed name.
  public var name: LocalizedName?
  /// The occupant category, e.g. `restaurant`.
  public var category: String?
  /// The anchor placing the occupant.
  public var anchorID: String?
  /// Opening hours.
  public var hours: String?
  /// Phone number.
  public var phone: String?
  /// Web site.
  public var website: String?
  /// Validity period, kept as read.
  public var validity: JSONValue?
  /// An id correlating it with an external system.
  public var correlationID: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    name = p.localized("name")
    category = p.string("category")
    anchorID = p.string("anchor_id")
    hours = p.string("hours")
    phone = p.string("phone")
    website = p.string("website")
    validity = p.raw("validity")
    correlationID = p.string("correlation_id")
  }
}
