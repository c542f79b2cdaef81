import FingerpostCore
import Foundation

extension RadioMapFile {
  /// Reads values from a map file's bytes, checking every size against what is left.
  struct Reader {
    let bytes: Data
    let file: String
    var offset = 0

    func error(_ message: String, kind: FingerpostError.Kind = .malformed) -> FingerpostError {
      FingerpostError(kind, file: file, message)
    }

    /// The product of non-negative sizes, or nil when one is negative or it overflows.
    static func product(_ factors: Int...) -> Int? {
      var result = 1
      for f in factors {
        guard f >= 0 else { return nil }
        let (p, overflow) = result.multipliedReportingOverflow(by: f)
        if overflow { return nil }
        result = p
      }
      return result
    }

    mutating func take(_ count: Int) throws(FingerpostError) -> Data {
      guard count >= 0, count <= bytes.count - offset else {
        throw error("truncated: needs \(count) more bytes at offset \(offset), has \(bytes.count)")
      }
      defer { offset += count }
      let start = bytes.startIndex + offset
      return bytes[start..<(start + count)]
    }

    mutating func scalar<T: FixedWidthInteger>(_: T.Type) throws(FingerpostError) -> T {
      let slice = try take(MemoryLayout<T>.size)
      return T(littleEndian: slice.withUnsafeBytes { $0.loadUnaligned(as: T.self) })
    }

    mutating func array<T>(_: T.Type, count: Int) throws(FingerpostError) -> [T] {
      guard let byteCount = Self.product(count, MemoryLayout<T>.stride) else {
        throw error("an array size is damaged")
      }
      let slice = try take(byteCount)
      return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        slice.withUnsafeBytes { raw in
          if let base = raw.baseAddress, count > 0 {
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
              from: base, byteCount: raw.count)
          }
        }
        initialized = count
      }
    }

    /// `count` entries stored as three planes of differences (RSSI codes, spread codes,
    /// detection codes; see `RadioMapFile.differences`), summed back in one pass.
    mutating func entries(count: Int) throws(FingerpostError) -> [RadioMap.Entry] {
      guard let twice = Self.product(count, 2) else { throw error("an array size is damaged") }
      let rssi = try take(twice)
      let spreads = try take(count)
      let detections = try take(count)
      return [RadioMap.Entry](unsafeUninitializedCapacity: count) { entries, initialized in
        rssi.withUnsafeBytes { (rssi: UnsafeRawBufferPointer) in
          spreads.withUnsafeBytes { (spreads: UnsafeRawBufferPointer) in
            detections.withUnsafeBytes { (detections: UnsafeRawBufferPointer) in
              var (q, s, d): (Int16, UInt8, UInt8) = (0, 0, 0)
              for i in 0..<count {
                q &+= Int16(littleEndian: rssi.loadUnaligned(fromByteOffset: 2 * i, as: Int16.self))
                s &+= spreads[i]
                d &+= detections[i]
                (entries.baseAddress! + i).initialize(
                  to: RadioMap.Entry(quarterDBm: q, spreadCode: s, detectionCode: d))
              }
            }
          }
        }
        initialized = count
      }
    }
  }
}
