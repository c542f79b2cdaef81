/// A problem in a configuration file, naming the file, the line and the key.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
  /// The file name as given.
  public let file: String
  /// 1-based line, when known.
  public let line: Int?
  /// The key path, e.g. `propagation.exponent`, when the problem is at a key.
  public let key: String?
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(file: String, line: Int?, key: String?, _ message: String) {
    self.file = file
    self.line = line
    self.key = key
    self.message = message
  }

  public var description: String {
    let location = line.map { "\(file):\($0)" } ?? file
    return key.map { "\(location): \($0): \(message)" } ?? "\(location): \(message)"
  }
}
