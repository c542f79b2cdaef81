import FingerpostCore
import Foundation
import ZIPFoundation

/// Where an IMDF archive's files come from: a folder or a `.zip` file.
protocol ArchiveSource {
  /// File names relative to the archive root, e.g. `unit.geojson`.
  var fileNames: [String] { get }
  /// The bytes of one file.
  func data(of name: String) throws -> Data
}

/// An unpacked archive: files in a folder (sub-folders are not searched).
struct FolderSource: ArchiveSource {
  let url: URL
  let fileNames: [String]

  init(url: URL) throws {
    self.url = url
    fileNames = try FileManager.default.contentsOfDirectory(atPath: url.path)
      .filter { !$0.hasPrefix(".") }
      .filter { name in
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(
          atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
        return exists && !isDirectory.boolValue
      }
      .sorted()
  }

  func data(of name: String) throws -> Data {
    try Data(contentsOf: url.appendingPathComponent(name))
  }
}

/// An archive held in memory: file name → bytes (an upload unpacked, or a test fixture).
struct MemorySource: ArchiveSource {
  let files: [String: Data]
  var fileNames: [String] { files.keys.sorted() }

  func data(of name: String) throws -> Data {
    guard let data = files[name] else { throw CocoaError(.fileNoSuchFile) }
    return data
  }
}
