/// One decoded IMDF feature: its id, geometry, typed properties and any properties IMDF does
/// not define, kept as read.
public protocol IMDFFeature: Sendable, Identifiable where ID == String {
  /// The feature type this struct decodes.
  static var featureType: FeatureType { get }
  /// The feature's id (a UUID in a valid archive).
  var id: String { get }
  /// The geometry in WGS84, or `nil` when the feature has none.
  var geometry: GeoJSONGeometry? { get }
  /// Properties the IMDF specification does not define for this type.
  var extraProperties: [String: JSONValue] { get set }
  /// Decodes the typed properties; `properties` records what was read.
  init(id: String, geometry: GeoJSONGeometry?, properties: inout PropertyReader)
}

/// A feature that carries a `category` property.
public protocol CategorizedFeature: IMDFFeature {
  /// The category as written in the file, known to IMDF or not.
  var category: String? { get }
}
