import Foundation

/// A file written piece by piece into a temporary file beside it and renamed over its path by
/// `commit()`: a reader never sees half a file, and a writer dropped before `commit()` leaves
/// the old file as it was (the temporary file is removed). `-` writes to standard output.
/// Not `Sendable`: one task writes a file.
public final class AtomicFileWriter {
  /// The path the file is committed to.
  public let path: String
  private let temporary: URL?
  private let handle: FileHandle
  private var buffer = Data()
  private var committed = false

  /// Opens a temporary file beside `path` (standard output for `-`).
  public init(path: String) throws(FingerpostError) {
    self.path = path
    guard path != "-" else {
      temporary = nil
      handle = FileHandle.standardOutput
      return
    }
    let target = URL(fileURLWithPath: path)
    let temporary = target.deletingLastPathComponent().appendingPathComponent(
      ".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
      let handle = try? FileHandle(forWritingTo: temporary)
    else {
      throw FingerpostError(
        .unwritable, file: path, "cannot be written (no temporary file beside it)")
    }
    self.temporary = temporary
    self.handle = handle
  }

  /// Appends `text` (UTF-8), flushing to the temporary file every megabyte.
  public func write(_ text: String) throws(FingerpostError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Appends raw bytes, flushing to the temporary file every megabyte.
  public func write(bytes: UnsafeRawBufferPointer) throws(FingerpostError) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Writes what is buffered, then renames the temporary file over `path`.
  public func commit() throws(FingerpostError) {
    try flush()
    committed = true
    guard let temporary else { return }
    try? handle.close()
    // rename(2) replaces the old file in one step.
    guard rename(temporary.path, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw FingerpostError(.unwritable, file: path, "cannot be written (\(reason))")
    }
  }

  private func flush() throws(FingerpostError) {
    guard !buffer.isEmpty else { return }
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw FingerpostError(
        .unwritable, file: path, "cannot be written (\(error.localizedDescription))")
    }
    buffer.removeAll(keepingCapacity: true)
  }

  deinit {
    guard !committed, let temporary else { return }
    try? handle.close()
    try? FileManager.default.removeItem(at: temporary)
  }
}
