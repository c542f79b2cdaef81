import Foundation

/// Reading and writing whole files with errors that name the file: the one place where a
/// missing or unreadable file becomes a `FingerpostError`.
public enum FileAccess {
  /// The bytes of the file at `path` (`-` reads standard input to its end); `mapped` maps a large
  /// file into memory instead of copying it.
  public static func read(_ path: String, mapped: Bool = false) throws(FingerpostError) -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard FileManager.default.fileExists(atPath: path) else {
      throw FingerpostError(.notFound, file: path, "no such file")
    }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path), options: mapped ? .alwaysMapped : [])
    } catch {
      throw FingerpostError(
        .unreadable, file: path, "cannot be read (\(error.localizedDescription))")
    }
  }

  /// The UTF-8 text of the file at `path` (`-`: standard input); invalid bytes become U+FFFD.
  public static func text(_ path: String) throws(FingerpostError) -> String {
    String(decoding: try read(path), as: UTF8.self)
  }

  /// Creates the folder at `path` and the folders above it (nothing when it exists).
  public static func createDirectory(_ path: String) throws(FingerpostError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw FingerpostError(.unwritable, file: path, "cannot be created (\(error))")
    }
  }

  /// Writes `data` to `path` atomically (a temporary file, then a rename): a reader never sees
  /// half a file. `-` writes to standard output.
  public static func write(_ data: Data, to path: String) throws(FingerpostError) {
    if path == "-" {
      FileHandle.standardOutput.write(data)
      return
    }
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw FingerpostError(
        .unwritable, file: path, "cannot be written (\(error.localizedDescription))")
    }
  }

  /// Renames the file at `source` over `path` in one step (both on one file system): a reader
  /// of `path` sees the old file or the new one, never half of one.
  public static func move(_ source: String, over path: String) throws(FingerpostError) {
    guard rename(source, path) == 0 else {
      throw FingerpostError(
        .unwritable, file: path, "cannot be replaced (\(String(cString: strerror(errno))))")
    }
  }

  /// Whether `path` is an existing folder.
  public static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The files `paths` name: each file as given, and each folder's files ending in
  /// `.extension`, sorted by name.
  public static func files(in paths: [String], withExtension ext: String)
    throws(FingerpostError) -> [String]
  {
    var files: [String] = []
    for path in paths {
      guard FileManager.default.fileExists(atPath: path) else {
        throw FingerpostError(.notFound, file: path, "no such file or folder")
      }
      guard isDirectory(path) else {
        files.append(path)
        continue
      }
      let inside: [String]
      do {
        inside = try FileManager.default.contentsOfDirectory(atPath: path)
      } catch {
        throw FingerpostError(.unreadable, file: path, "cannot list the folder (\(error))")
      }
      files += inside.filter { $0.hasSuffix("." + ext) }.sorted().map {
        URL(fileURLWithPath: path).appendingPathComponent($0).path
      }
    }
    return files
  }
}
