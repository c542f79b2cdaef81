/// An error of Fingerpost's library: what kind of problem, where it is (file, line, field), and
/// what is wrong. Programs match on `kind` (the service maps kinds to HTTP statuses); people read
/// `description`, which names the place first: `file:line: field: message`.
public struct FingerpostError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem it is.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A file, folder, level, unit or access point that does not exist.
    case notFound
    /// Something that exists but cannot be read: permissions, not a zip archive.
    case unreadable
    /// Bytes that are not the expected syntax: JSON, YAML, CSV, a binary layout.
    case malformed
    /// A field that is present but wrong: a bad type, out of range, an unknown key.
    case invalidValue
    /// A field that is required and missing.
    case missingField
    /// A file of a format version this tool does not read.
    case unsupportedVersion
    /// Inputs that do not belong together, such as a radio map of another venue.
    case mismatch
    /// Input with nothing usable in it: no scans in the venue, no known access point.
    case noData
    /// A name that matches several things.
    case ambiguous
    /// A route or a walk that cannot be made.
    case unreachable
    /// A file that could not be written.
    case unwritable
    /// Work that would need more memory than the machine has.
    case tooLarge
  }

  /// What kind of problem it is.
  public var kind: Kind
  /// The file (or `stdin`, or an upload's name), when the problem is in one.
  public var file: String?
  /// The 1-based line in `file`, when known.
  public var line: Int?
  /// The field or key path, e.g. `localizer.particles` or `"seed"`, when the problem is in one.
  public var field: String?
  /// What is wrong, for people.
  public var message: String

  /// Creates an error of `kind` at an optional place.
  public init(
    _ kind: Kind, file: String? = nil, line: Int? = nil, field: String? = nil, _ message: String
  ) {
    self.kind = kind
    self.file = file
    self.line = line
    self.field = field
    self.message = message
  }

  /// `file:line: field: message`, with the parts that are known.
  public var description: String {
    var place = file ?? ""
    if let line { place += place.isEmpty ? "line \(line)" : ":\(line)" }
    if let field { place += place.isEmpty ? field : ": \(field)" }
    return place.isEmpty ? message : "\(place): \(message)"
  }

  /// The same error placed in `file` when it names none yet.
  public func inFile(_ name: String) -> FingerpostError {
    var copy = self
    if copy.file == nil { copy.file = name }
    return copy
  }
}
