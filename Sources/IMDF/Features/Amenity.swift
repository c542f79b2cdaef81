/// An IMDF amenity: a point of service (ATM, stairs, restroom…) inside one or more units.
public struct Amenity: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.amenity
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The amenity category, e.g. `atm`, `elevator`.
  public var category: String?
  /// Accessibility codes.
  public var accessibility: [String]
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// Opening hours.
  public var hours: String?
  /// Phone number.
  public var phone: String?
  /// Web site.
  public var website: String?
  /// The units the amenity serves.
  public var unitIDs: [String]
  /// The amenity's address.
  public var addressID: String?
  /// An id correlating it with an external system.
  public var correlationID: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    accessibility = p.strings("accessibility")
    name = p.localized("name")
    altName = p.localized("alt_name")
    hours = p.string("hours")
    phone = p.string("phone")
    website = p.string("website")
    unitIDs = p.strings("unit_ids")
    addressID = p.string("address_id")
    correlationID = p.string("correlation_id")
  }
}
