import Foundation

/// Writes values as little-endian bytes, for compact files and snapshots that only Fingerpost
/// reads back (`BinaryReader`). Doubles keep their exact bits.
public struct BinaryWriter: Sendable {
  /// The bytes written so far.
  public private(set) var data = Data()

  /// An empty writer.
  public init() {}

  /// Appends an integer of any width.
  public mutating func integer<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }

  /// Appends a double's bits.
  public mutating func double(_ value: Double) { integer(value.bitPattern) }

  /// Appends a flag as one byte.
  public mutating func bool(_ value: Bool) { integer(UInt8(value ? 1 : 0)) }

  /// Appends an optional double: a flag, then the value when present.
  public mutating func optional(_ value: Double?) {
    bool(value != nil)
    if let value { double(value) }
  }

  /// Appends a count, then `values` as doubles.
  public mutating func doubles(_ values: [Double]) {
    integer(UInt32(values.count))
    for value in values { double(value) }
  }

  /// Appends a UTF-8 string with its byte count.
  public mutating func string(_ value: String) {
    let bytes = Array(value.utf8)
    integer(UInt32(bytes.count))
    data.append(contentsOf: bytes)
  }

  /// Appends raw bytes with their count.
  public mutating func byteArray(_ value: [UInt8]) {
    integer(UInt32(value.count))
    data.append(contentsOf: value)
  }
}

/// Reads what `BinaryWriter` wrote, checking every size against the bytes left: damaged or
/// truncated bytes are a `malformed` error naming `file`, never a crash.
public struct BinaryReader {
  let bytes: Data
  let file: String
  var offset = 0

  /// A reader of `bytes`, named `file` in errors.
  public init(_ bytes: Data, file: String) {
    self.bytes = bytes
    self.file = file
  }

  /// Whether every byte was read.
  public var isAtEnd: Bool { offset == bytes.count }

  /// A `malformed` error naming the file and the offset.
  public func error(_ message: String) -> FingerpostError {
    FingerpostError(.malformed, file: file, "\(message) (at byte \(offset))")
  }

  mutating func take(_ count: Int) throws(FingerpostError) -> Data {
    guard count >= 0, count <= bytes.count - offset else {
      throw error("truncated: \(count) more bytes needed, \(bytes.count - offset) left")
    }
    defer { offset += count }
    let start = bytes.startIndex + offset
    return bytes[start..<(start + count)]
  }

  /// The next integer of type `T`.
  public mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(FingerpostError) -> T {
    let slice = try take(MemoryLayout<T>.size)
    return T(littleEndian: slice.withUnsafeBytes { $0.loadUnaligned(as: T.self) })
  }

  /// The next double.
  public mutating func double() throws(FingerpostError) -> Double {
    Double(bitPattern: try integer(UInt64.self))
  }

  /// The next flag (0 or 1).
  public mutating func bool() throws(FingerpostError) -> Bool {
    switch try integer(UInt8.self) {
    case 0: return false
    case 1: return true
    default: throw error("a flag is neither 0 nor 1")
    }
  }

  /// The next optional double.
  public mutating func optional() throws(FingerpostError) -> Double? {
    try bool() ? try double() : nil
  }

  /// A count that at least `size` bytes each of what follows must fit in.
  public mutating func count(of size: Int) throws(FingerpostError) -> Int {
    let count = Int(try integer(UInt32.self))
    guard count <= (bytes.count - offset) / max(size, 1) else {
      throw error("a count of \(count) does not fit in the bytes left")
    }
    return count
  }

  /// The next counted doubles.
  public mutating func doubles() throws(FingerpostError) -> [Double] {
    let n = try count(of: 8)
    var values: [Double] = []
    values.reserveCapacity(n)
    for _ in 0..<n { values.append(try double()) }
    return values
  }

  /// The next string.
  public mutating func string() throws(FingerpostError) -> String {
    let n = try count(of: 1)
    guard let text = String(data: try take(n), encoding: .utf8) else {
      throw error("a string is not UTF-8")
    }
    return text
  }

  /// The next counted bytes.
  public mutating func byteArray() throws(FingerpostError) -> [UInt8] {
    [UInt8](try take(try count(of: 1)))
  }
}
