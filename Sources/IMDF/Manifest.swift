/// The archive's `manifest.json`: IMDF version, creation time, tool, language.
public struct Manifest: Hashable, Sendable {
  /// The IMDF version, e.g. `1.0.0`.
  public var version: String?
  /// When the archive was made (ISO 8601).
  public var created: String?
  /// The tool that made it.
  public var generatedBy: String?
  /// The default language tag.
  public var language: String?
  /// Declared extensions.
  public var extensions: [String]
  /// Members IMDF does not define.
  public var extraProperties: [String: JSONValue]

  init(json: [String: JSONValue]) {
    version = json["version"]?.stringValue
    created = json["created"]?.stringValue
    generatedBy = json["generated_by"]?.stringValue
    language = json["language"]?.stringValue
    extensions = json["extensions"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let known: Set = ["version", "created", "generated_by", "language", "extensions"]
    extraProperties = json.filter { !known.contains($0.key) }
  }
}
