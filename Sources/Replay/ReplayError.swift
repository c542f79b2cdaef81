/// Why a walk cannot be replayed: unreadable or unusable input, named with its file.
public struct ReplayError: Error, CustomStringConvertible, Sendable {
  /// What is wrong, and where.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
