import CZstd
import Foundation

/// Bytes compressed with Zstandard in chunks of a fixed size, each chunk a frame of its own
/// with its checksum: chunks compress and decompress on every core, and a damaged chunk is
/// caught.
///
/// Layout: per chunk, its compressed size in bytes (UInt32, little-endian), then its frame.
/// Every chunk holds `chunkSize` bytes but the last, which holds the rest.
public enum CompressedChunks {
  /// The chunk size writers use unless told otherwise: 1 MiB.
  public static let defaultChunkSize = 1 << 20
  /// The largest chunk size a reader accepts: 64 MiB.
  public static let largestChunkSize = 1 << 26
  /// The fewest bytes a chunk takes in a file: its size, a frame's magic, header, one block
  /// header and the checksum.
  static let smallestChunk = 4 + 4 + 2 + 3 + 4

  /// `bytes` as one Zstandard frame with its checksum, at compression `level` (1 fastest).
  public static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8] {
    let context = ZSTD_createCCtx()
    defer { ZSTD_freeCCtx(context) }
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level)
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1)
    let bound = ZSTD_compressBound(bytes.count)
    var packed = [UInt8](repeating: 0, count: bound)
    let size = packed.withUnsafeMutableBytes { out in
      bytes.withUnsafeBytes { source in
        ZSTD_compress2(context, out.baseAddress, out.count, source.baseAddress, source.count)
      }
    }
    // Compression fails only without memory or with a buffer below the bound.
    precondition(ZSTD_isError(size) == 0, "zstd compression failed (\(size))")
    packed.removeLast(packed.count - size)
    return packed
  }

  /// Decompresses one frame that must give exactly `count` bytes; nil when it is damaged.
  public static func decompress(_ packed: Data, count: Int) -> [UInt8]? {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      let size = packed.withUnsafeBytes { source in
        ZSTD_decompress(out.baseAddress, count, source.baseAddress, source.count)
      }
      failed = ZSTD_isError(size) != 0 || size != count
      initialized = failed ? 0 : size
    }
    return failed ? nil : bytes
  }

  /// Decompresses the chunks of `total` bytes that start at `offset` in `data`, on every core.
  /// Returns the bytes and the offset after the last chunk; a truncated or damaged chunk, or
  /// sizes the file cannot hold, are an error naming `file`.
  public static func decompress(
    _ data: Data, at offset: Int, total: Int, chunkSize: Int, file: String
  ) throws(FingerpostError) -> (bytes: Data, end: Int) {
    guard total >= 0, chunkSize > 0, chunkSize <= largestChunkSize else {
      throw FingerpostError(.malformed, file: file, "the compressed body's sizes are damaged")
    }
    let count = (total + chunkSize - 1) / chunkSize
    // Checked before anything is allocated from the sizes.
    guard count <= (data.count - offset) / smallestChunk else {
      throw FingerpostError(
        .malformed, file: file,
        "truncated: \(count) chunks of the body cannot fit in \(data.count - offset) bytes")
    }
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(count)
    var at = offset
    for k in 0..<count {
      guard data.count - at >= 4 else {
        throw FingerpostError(
          .malformed, file: file, "truncated: chunk \(k) of \(count) of the body is missing")
      }
      let start = data.startIndex + at
      let size = Int(
        UInt32(
          littleEndian: data[start..<(start + 4)].withUnsafeBytes {
            $0.loadUnaligned(as: UInt32.self)
          }))
      guard size <= data.count - at - 4 else {
        throw FingerpostError(
          .malformed, file: file, "truncated: chunk \(k) of \(count) of the body is cut short")
      }
      ranges.append((start + 4)..<(start + 4 + size))
      at += 4 + size
    }
    let frames = ranges
    let chunks = concurrentMap(count) { k in
      decompress(data[frames[k]], count: k == count - 1 ? total - k * chunkSize : chunkSize)
    }
    var bytes = Data(capacity: total)
    for (k, chunk) in chunks.enumerated() {
      guard let chunk else {
        throw FingerpostError(
          .malformed, file: file, "chunk \(k) of \(count) of the body is damaged")
      }
      bytes.append(contentsOf: chunk)
    }
    return (bytes, at)
  }
}

/// Writes bytes as `CompressedChunks` into an atomic file: chunks are gathered in batches and each
/// batch is compressed on every core, then written in order (the file does not depend on the
/// number of cores).
public final class CompressedChunkWriter {
  /// The file written to.
  let file: AtomicFileWriter
  /// Raw bytes per chunk.
  public let chunkSize: Int
  /// Zstandard compression level.
  let level: Int32
  /// Chunks compressed together.
  let batch: Int
  /// Full chunks waiting for their batch, and the chunk being filled.
  private var full: [[UInt8]] = []
  private var pending: [UInt8] = []

  /// A writer into `file`; level 1 (fast: about 200 MB/s a core) compresses a radio map's
  /// fields about 4:1.
  public init(
    file: AtomicFileWriter, chunkSize: Int = CompressedChunks.defaultChunkSize, level: Int32 = 1,
    batch: Int = 16
  ) {
    self.file = file
    self.chunkSize = chunkSize
    self.level = level
    self.batch = batch
    pending.reserveCapacity(chunkSize)
  }

  /// Appends raw bytes.
  public func write(bytes: UnsafeRawBufferPointer) throws(FingerpostError) {
    var at = 0
    while at < bytes.count {
      let n = min(chunkSize - pending.count, bytes.count - at)
      pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + n)]))
      at += n
      if pending.count == chunkSize {
        full.append(pending)
        pending.removeAll(keepingCapacity: true)
        if full.count == batch { try flush() }
      }
    }
  }

  /// Appends the bytes of `array`'s elements.
  public func write<T>(_ array: [T]) throws(FingerpostError) {
    let failure = array.withUnsafeBytes { raw -> FingerpostError? in
      do throws(FingerpostError) { try write(bytes: raw) } catch { return error }
      return nil
    }
    if let failure { throw failure }
  }

  /// Writes what is left; call once, before the file is committed.
  public func finish() throws(FingerpostError) {
    if !pending.isEmpty {
      full.append(pending)
      pending = []
    }
    try flush()
  }

  private func flush() throws(FingerpostError) {
    let chunks = full
    let level = level
    let packed = concurrentMap(chunks.count) { CompressedChunks.compress(chunks[$0], level: level) }
    full.removeAll(keepingCapacity: true)
    // (`withUnsafeBytes` rethrows untyped: the writer's error comes back as a value.)
    func put(_ raw: UnsafeRawBufferPointer) -> FingerpostError? {
      do { try file.write(bytes: raw) } catch { return error }
      return nil
    }
    for chunk in packed {
      if let error = withUnsafeBytes(of: UInt32(chunk.count).littleEndian, put) { throw error }
      if let error = chunk.withUnsafeBytes(put) { throw error }
    }
  }
}
