import Foundation

/// The findings of `VenueValidator` with their counts, printable for people or as JSON.
public struct ValidationReport: Sendable, Codable {
  /// The venue path validated.
  public var path: String
  /// Every finding, errors first, then by file and feature.
  public var findings: [Finding]

  /// Creates a report, ordering the findings.
  public init(path: String, findings: [Finding]) {
    self.path = path
    self.findings = findings.sorted {
      ($0.severity, $0.file, $0.featureID ?? "", $0.message)
        < ($1.severity, $1.file, $1.featureID ?? "", $1.message)
    }
  }

  /// The number of findings of a severity.
  public func count(_ severity: Finding.Severity) -> Int {
    findings.count { $0.severity == severity }
  }

  /// Whether the venue has no error.
  public var isValid: Bool { count(.error) == 0 }

  /// The closing summary line.
  public var summary: String {
    let verdict = isValid ? "valid" : "INVALID"
    return "\(path): \(verdict): \(count(.error)) error(s), \(count(.warning)) warning(s), "
      + "\(count(.info)) note(s)"
  }

  /// One line per finding, then the summary.
  public var text: String {
    (findings.map(\.description) + [summary]).joined(separator: "\n")
  }

  /// The report as pretty-printed JSON with `errors`, `warnings`, `valid` and `findings`.
  public func json() throws -> String {
    struct Document: Encodable {
      let path: String
      let valid: Bool
      let errors: Int
      let warnings: Int
      let notes: Int
      let findings: [Finding]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let document = Document(
      path: path, valid: isValid, errors: count(.error), warnings: count(.warning),
      notes: count(.info), findings: findings)
    return String(decoding: try encoder.encode(document), as: UTF8.self)
  }
}
