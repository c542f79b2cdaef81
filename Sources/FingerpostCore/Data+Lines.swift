import Foundation

extension Data {
  /// The byte ranges of the lines of this text, without their `\n` (a last line without one
  /// counts; a trailing `\n` does not start another line). Indices are this data's own.
  public var lineRanges: [Range<Int>] {
    withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Range<Int>] in
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
      var ranges: [Range<Int>] = []
      var start = 0
      while start < bytes.count {
        let rest = bytes.count - start
        guard let hit = memchr(base + start, 0x0A, rest) else {
          ranges.append(startIndex + start..<startIndex + bytes.count)
          break
        }
        let end = base.distance(to: UnsafeRawPointer(hit))
        ranges.append(startIndex + start..<startIndex + end)
        start = end + 1
      }
      return ranges
    }
  }
}
