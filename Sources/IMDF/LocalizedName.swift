/// An IMDF labels object: text per language tag, e.g. `{"en": "Lobby", "ru": "Холл"}`.
public struct LocalizedName: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Text keyed by BCP 47 language tag.
  public var values: [String: String]

  /// Creates a label set from text per language tag.
  public init(_ values: [String: String]) {
    self.values = values
  }

  /// The text in `language`, else English, else the first language alphabetically.
  public func text(preferring language: String = "en") -> String? {
    values[language] ?? values["en"] ?? values.keys.sorted().first.flatMap { values[$0] }
  }

  public var description: String { text() ?? "" }
}
