/// The IMDF venue feature: the site as a whole (the archive itself is a `Venue`).
public struct VenueFeature: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.venue
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The venue category, e.g. `university`, `shoppingcenter`.
  public var category: String?
  /// Access restriction.
  public var restriction: String?
  /// The displayed name.
  public var name: LocalizedName?
  /// An alternative name.
  public var altName: LocalizedName?
  /// Opening hours (OSM syntax).
  public var hours: String?
  /// Phone number.
  public var phone: String?
  /// Web site.
  public var website: String?
  /// Where to draw the venue's label; also the origin of the venue's local frame.
  public var displayPoint: GeoCoordinate?
  /// The venue's address.
  public var addressID: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    restriction = p.string("restriction")
    name = p.localized("name")
    altName = p.localized("alt_name")
    hours = p.string("hours")
    phone = p.string("phone")
    website = p.string("website")
    displayPoint = p.point("display_point")
    addressID = p.string("address_id")
  }
}
