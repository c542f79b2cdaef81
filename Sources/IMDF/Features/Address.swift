/// An IMDF address.
public struct Address: IMDFFeature, Hashable {
  public static let featureType = FeatureType.address
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// Street address.
  public var address: String?
  /// Unit or suite.
  public var unit: String?
  /// City or town.
  public var locality: String?
  /// ISO 3166-2 province code.
  public var province: String?
  /// ISO 3166 country code.
  public var country: String?
  /// Postal code.
  public var postalCode: String?
  /// Postal code extension.
  public var postalCodeExt: String?
  /// Vanity postal code.
  public var postalCodeVanity: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    address = p.string("address")
    unit = p.string("unit")
    locality = p.string("locality")
    province = p.string("province")
    country = p.string("country")
    postalCode = p.string("postal_code")
    postalCodeExt = p.string("postal_code_ext")
    postalCodeVanity = p.string("postal_code_vanity")
  }
}
