/// One problem found in an IMDF archive, naming the file and, where there is one, the feature.
public struct Finding: Hashable, Sendable, Codable, CustomStringConvertible {
  /// How bad a finding is.
  public enum Severity: String, Sendable, Codable, Comparable {
    case error, warning, info

    private var rank: Int { [.error: 0, .warning: 1, .info: 2][self]! }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
  }

  /// How bad it is.
  public var severity: Severity
  /// The archive file, e.g. `unit.geojson`.
  public var file: String
  /// The feature's id, when the finding is about one feature.
  public var featureID: String?
  /// The 1-based line in the file, when known (JSON syntax errors).
  public var line: Int?
  /// The 1-based column in the file, when known.
  public var column: Int?
  /// What is wrong, in words.
  public var message: String

  /// Creates a finding.
  public init(
    _ severity: Severity, file: String, featureID: String? = nil, line: Int? = nil,
    column: Int? = nil, _ message: String
  ) {
    self.severity = severity
    self.file = file
    self.featureID = featureID
    self.line = line
    self.column = column
    self.message = message
  }

  /// Where the finding is: `file:feature-id`, `file:line:column` or `file`.
  public var location: String {
    if let featureID { return "\(file):\(featureID)" }
    if let line, let column { return "\(file):\(line):\(column)" }
    return file
  }

  /// The one-line form: `error    unit.geojson:1234…  message`.
  public var description: String {
    "\(severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(location)  \(message)"
  }
}
