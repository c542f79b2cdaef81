import Foundation

/// A throw-away IMDF folder written from text, for tests of loading and validation.
public struct TemporaryArchive {
  /// The folder holding the files.
  public let url: URL
  /// The folder path.
  public var path: String { url.path }

  /// Writes `files` (name → content) into a new temporary folder.
  public init(_ files: [String: String]) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("fingerpost-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }
  }

  /// Removes the folder.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
