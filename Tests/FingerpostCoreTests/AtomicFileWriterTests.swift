import FingerpostCore
import Foundation
import Testing

@Suite final class AtomicFileWriterTests {
  /// This test's folder, removed after it.
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "atomic-\(UUID().uuidString)")

  deinit { try? FileManager.default.removeItem(at: url) }

  func folder() throws -> URL {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func commitReplacesTheFileWithEverythingWritten() throws {
    let dir = try folder()
    let path = dir.appendingPathComponent("out.txt").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    let writer = try AtomicFileWriter(path: path)
    // More than the one-megabyte buffer, so part of it is flushed before the commit.
    let line = String(repeating: "x", count: 999) + "\n"
    for _ in 0..<1500 { try writer.write(line) }
    // Until the commit, readers see the old file.
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    try writer.commit()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 1500 * 1000)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
  }

  @Test func aWriterDroppedBeforeCommitLeavesTheOldFileAndNoLitter() throws {
    let dir = try folder()
    let path = dir.appendingPathComponent("out.txt").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    do {
      let writer = try AtomicFileWriter(path: path)
      try writer.write(String(repeating: "y", count: 3_000_000))
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
  }

  @Test func aFolderThatDoesNotExistIsAnUnwritableError() {
    #expect {
      _ = try AtomicFileWriter(path: "/nonexistent-\(UUID().uuidString)/out.txt")
    } throws: { ($0 as? FingerpostError)?.kind == .unwritable }
  }
}
