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

/// A zipped archive, read with ZIPFoundation; a single top folder inside the zip is allowed.
struct ZipSource: ArchiveSource {
  let archive: Archive
  let entries: [String: Entry]
  let fileNames: [String]

  init(url: URL) throws {
    try self.init(archive: try Archive(url: url, accessMode: .read))
  }

  init(archive: Archive) throws {
    self.archive = archive
    let files = archive.filter { $0.type == .file && !$0.path.hasPrefix("__MACOSX/") }
    // Archives made by zipping a folder put every file under "folder/": strip that prefix.
    let prefix =
      files.first(where: { $0.path.hasSuffix("manifest.json") })
      .map { String($0.path.dropLast("manifest.json".count)) } ?? ""
    var entries: [String: Entry] = [:]
    for entry in files where entry.path.hasPrefix(prefix) {
      let name = String(entry.path.dropFirst(prefix.count))
      guard !name.contains("/"), !name.hasPrefix(".") else { continue }
      entries[name] = entry
    }
    self.entries = entries
    fileNames = entries.keys.sorted()
  }

  func data(of name: String) throws -> Data {
    guard let entry = entries[name] else { throw CocoaError(.fileNoSuchFile) }
    var data = Data()
    _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
    return data
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
