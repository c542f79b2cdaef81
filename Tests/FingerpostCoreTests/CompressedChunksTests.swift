import FingerpostCore
import Foundation
import Testing

@Suite final class CompressedChunksTests {
  /// This test's folder, removed after it.
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "chunks-\(UUID().uuidString)")

  deinit { try? FileManager.default.removeItem(at: url) }

  /// `bytes` written in pieces of `piece` bytes through a chunk writer; the file's bytes.
  func written(_ bytes: [UInt8], chunkSize: Int, batch: Int, piece: Int) throws -> Data {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let path = url.appendingPathComponent("chunks-\(UUID().uuidString)").path
    let file = try AtomicFileWriter(path: path)
    let writer = CompressedChunkWriter(file: file, chunkSize: chunkSize, batch: batch)
    for start in stride(from: 0, to: bytes.count, by: piece) {
      try writer.write(Array(bytes[start..<min(start + piece, bytes.count)]))
    }
    try writer.finish()
    try file.commit()
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// A smooth signal with noise, like a radio map's fields.
  static func signal(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: 100 + Int(20 * sin(Double($0) / 50)) + $0 % 3) }
  }

  @Test(arguments: [0, 1, 999, 1000, 1001, 12_345])
  func bytesRoundTripAcrossChunkBoundaries(count: Int) throws {
    let bytes = Self.signal(count)
    let data = try written(bytes, chunkSize: 1000, batch: 3, piece: 333)
    let (back, end) = try CompressedChunks.decompress(
      data, at: 0, total: count, chunkSize: 1000, file: "t")
    #expect([UInt8](back) == bytes)
    #expect(end == data.count)
  }

  @Test func theFileDoesNotDependOnHowBytesArriveOrOnTheBatch() throws {
    let bytes = Self.signal(50_000)
    let a = try written(bytes, chunkSize: 4096, batch: 1, piece: 50_000)
    let b = try written(bytes, chunkSize: 4096, batch: 7, piece: 77)
    #expect(a == b)
    #expect(a.count < bytes.count / 3, "\(a.count) bytes")
  }

  @Test func aDamagedOrTruncatedChunkIsAnErrorNamingTheFile() throws {
    let bytes = Self.signal(5_000)
    let data = try written(bytes, chunkSize: 1000, batch: 2, piece: 5_000)
    var damaged = data
    damaged[damaged.count - 3] ^= 0x5A  // in the last chunk's checksum or stream
    #expect {
      try CompressedChunks.decompress(damaged, at: 0, total: 5_000, chunkSize: 1000, file: "d.bin")
    } throws: {
      "\($0)".contains("d.bin") && "\($0)".contains("chunk 4 of 5") && "\($0)".contains("damaged")
    }
    #expect {
      try CompressedChunks.decompress(
        data.dropLast(10), at: 0, total: 5_000, chunkSize: 1000, file: "t.bin")
    } throws: {
      "\($0)".contains("truncated")
    }
    // A frame that holds fewer bytes than its chunk claims is damaged too.
    #expect {
      try CompressedChunks.decompress(data, at: 0, total: 5_500, chunkSize: 1100, file: "s.bin")
    } throws: {
      "\($0)".contains("damaged")
    }
  }
}
