import Foundation

/// An empty throw-away folder under the system's temporary directory, for tests that write
/// files; remove it when done (`defer { folder.remove() }`).
public struct TemporaryFolder: Sendable {
  /// The folder.
  public let url: URL
  /// The folder path.
  public var path: String { url.path }

  /// Creates a new folder named `prefix` and a unique suffix.
  public init(_ prefix: String) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("fingerpost-\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// `name` inside the folder.
  public func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
