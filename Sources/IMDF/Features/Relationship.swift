/// An IMDF relationship: a typed link between features, e.g. stairs connecting two units.
public struct Relationship: CategorizedFeature, Hashable {
  public static let featureType = FeatureType.relationship
  public let id: String
  public let geometry: GeoJSONGeometry?
  public var extraProperties: [String: JSONValue] = [:]
  /// The relationship category, e.g. `stairs`, `elevator`, `traversal`.
  public var category: String?
  /// `directed` or `undirected`.
  public var direction: String?
  /// Where the relationship starts.
  public var origin: FeatureReference?
  /// Features passed through, in order.
  public var intermediary: [FeatureReference]
  /// Where the relationship ends.
  public var destination: FeatureReference?
  /// Hours when the link is usable.
  public var hours: String?

  public init(id: String, geometry: GeoJSONGeometry?, properties p: inout PropertyReader) {
    self.id = id
    self.geometry = geometry
    category = p.string("category")
    direction = p.string("direction")
    origin = p.reference("origin")
    intermediary = p.references("intermediary")
    destination = p.reference("destination")
    hours = p.string("hours")
  }
}
