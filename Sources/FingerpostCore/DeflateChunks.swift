import CZlibShim
import Foundation

/// Bytes compressed with zlib in chunks of a fixed size, each chunk a zlib stream of its own:
/// chunks compress and inflate on every core, and a damaged chunk is caught by its checksum.
///
/// Layout: per chunk, its compressed size in bytes (UInt32, little-endian), then its stream.
/// Every chunk inflates to `chunkSize` bytes but the last, which holds the rest.
public enum DeflateChunks {
  /// The chunk size writers use unless told otherwise: 1 MiB.
  public static let defaultChunkSize = 1 << 20

  /// `bytes` as one zlib stream at compression `level` (1 fastest … 9 smallest).
  public static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8] {
    var size = compressBound(UInt(bytes.count))
    var packed = [UInt8](repeating: 0, count: Int(size))
    let status = packed.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { source in
        compress2(out.baseAddress, &size, source.baseAddress, UInt(source.count), level)
      }
    }
    // compress2 fails only without memory or with a buffer below compressBound.
    precondition(status == Z_OK, "zlib compress2 failed (\(status))")
    packed.removeLast(packed.count - Int(size))
    return packed
  }

  /// Inflates one zlib stream that must give exactly `count` bytes; nil when it is damaged.
  public static func inflate(_ packed: Data, count: Int) -> [UInt8]? {
    var size = UInt(count)
    var status = Z_OK
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      status = packed.withUnsafeBytes { source in
        uncompress(
          out.baseAddress, &size, source.baseAddress?.assumingMemoryBound(to: UInt8.self),
          UInt(source.count))
      }
      initialized = status == Z_OK ? Int(size) : 0
    }
    guard status == Z_OK, bytes.count == count else { return nil }
    return bytes
  }

  /// Inflates the chunks of `total` bytes that start at `offset` in `data`, on every core.
  /// Returns the bytes and the offset after the last chunk; a truncated or damaged chunk is an
  /// error naming `file`.
  public static func inflate(
    _ data: Data, at offset: Int, total: Int, chunkSize: Int, file: String
  ) throws(FingerpostError) -> (bytes: Data, end: Int) {
    guard total >= 0, chunkSize > 0 else {
      throw FingerpostError(.malformed, file: file, "the compressed body's sizes are damaged")
    }
    let count = (total + chunkSize - 1) / chunkSize
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
      inflate(data[frames[k]], count: k == count - 1 ? total - k * chunkSize : chunkSize)
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

/// Writes bytes as `DeflateChunks` into an atomic file: chunks are gathered in batches and each
/// batch is compressed on every core, then written in order (the file does not depend on the
/// number of cores).
public final class DeflateChunkWriter {
  /// The file written to.
  let file: AtomicFileWriter
  /// Raw bytes per chunk.
  public let chunkSize: Int
  /// zlib compression level.
  let level: Int32
  /// Chunks compressed together.
  let batch: Int
  /// Full chunks waiting for their batch, and the chunk being filled.
  private var full: [[UInt8]] = []
  private var pending: [UInt8] = []

  /// A writer into `file`; level 1 (fastest) compresses smooth fields about 3.5:1.
  public init(
    file: AtomicFileWriter, chunkSize: Int = DeflateChunks.defaultChunkSize, level: Int32 = 1,
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
    var rest = bytes[...]
    while !rest.isEmpty {
      let n = min(chunkSize - pending.count, rest.count)
      pending.append(contentsOf: rest.prefix(n))
      rest = rest.dropFirst(n)
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
    let packed = concurrentMap(chunks.count) { DeflateChunks.compress(chunks[$0], level: level) }
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
