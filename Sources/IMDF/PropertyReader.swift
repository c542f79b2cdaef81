/// Reads one feature's properties by name, recording type mismatches as findings and keeping
/// every property it was not asked for as an extra.
public struct PropertyReader {
  private let properties: [String: JSONValue]
  private var used: Set<String> = []
  private let file: String
  private let featureID: String
  /// Problems met while reading.
  public private(set) var findings: [Finding] = []

  init(properties: [String: JSONValue], file: String, featureID: String) {
    self.properties = properties
    self.file = file
    self.featureID = featureID
  }

  /// The properties nobody asked for, kept as read.
  public var extras: [String: JSONValue] {
    properties.filter { !used.contains($0.key) }
  }

  private mutating func value(_ key: String) -> JSONValue? {
    used.insert(key)
    guard let v = properties[key], !v.isNull else { return nil }
    return v
  }

  private mutating func mismatch(_ key: String, _ expected: String, _ got: JSONValue) {
    findings.append(
      Finding(
        .warning, file: file, featureID: featureID,
        "property \"\(key)\" should be \(expected), not \(got.typeName); ignored"))
  }

  /// A string property.
  public mutating func string(_ key: String) -> String? {
    guard let v = value(key) else { return nil }
    if let s = v.stringValue { return s }
    mismatch(key, "a string", v)
    return nil
  }

  /// An integer property.
  public mutating func int(_ key: String) -> Int? {
    guard let v = value(key) else { return nil }
    if let i = v.intValue { return i }
    mismatch(key, "an integer", v)
    return nil
  }

  /// A Boolean property.
  public mutating func bool(_ key: String) -> Bool? {
    guard let v = value(key) else { return nil }
    if let b = v.boolValue { return b }
    mismatch(key, "a boolean", v)
    return nil
  }

  /// A labels object (`{"en": "…"}`); a bare string is accepted as English.
  public mutating func localized(_ key: String) -> LocalizedName? {
    guard let v = value(key) else { return nil }
    if let s = v.stringValue { return LocalizedName(["en": s]) }
    guard let o = v.objectValue else {
      mismatch(key, "a labels object", v)
      return nil
    }
    return LocalizedName(o.compactMapValues(\.stringValue))
  }

  /// An array of strings (ids, accessibility codes).
  public mutating func strings(_ key: String) -> [String] {
    guard let v = value(key) else { return [] }
    guard let a = v.arrayValue else {
      mismatch(key, "an array", v)
      return []
    }
    return a.compactMap(\.stringValue)
  }

  /// A GeoJSON Point property such as `display_point`.
  public mutating func point(_ key: String) -> GeoCoordinate? {
    guard let v = value(key) else { return nil }
    if case .point(let p)? = try? GeoJSONGeometry(json: v) { return p }
    mismatch(key, "a GeoJSON Point", v)
    return nil
  }

  /// A property kept as raw JSON (door, validity).
  public mutating func raw(_ key: String) -> JSONValue? {
    value(key)
  }

  /// A feature reference object `{"id": …, "feature_type": …}`.
  public mutating func reference(_ key: String) -> FeatureReference? {
    guard let v = value(key) else { return nil }
    guard let r = FeatureReference(json: v) else {
      mismatch(key, "a feature reference {id, feature_type}", v)
      return nil
    }
    return r
  }

  /// An array of feature references.
  public mutating func references(_ key: String) -> [FeatureReference] {
    guard let v = value(key) else { return [] }
    guard let a = v.arrayValue else {
      mismatch(key, "an array of feature references", v)
      return []
    }
    return a.compactMap(FeatureReference.init(json:))
  }
}

/// A typed pointer from one feature to another, as in a relationship's origin.
public struct FeatureReference: Hashable, Sendable, Codable {
  /// The referenced feature's id.
  public var id: String
  /// The referenced feature's type name, e.g. `unit`.
  public var featureType: String

  init?(json: JSONValue) {
    guard let id = json["id"]?.stringValue, let type = json["feature_type"]?.stringValue else {
      return nil
    }
    self.id = id
    self.featureType = type
  }
}
