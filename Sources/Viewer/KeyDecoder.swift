/// Turns terminal bytes into keys. An escape sequence may arrive split across reads, so an
/// unfinished one is kept until the next bytes (or `flush` when none follow).
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// A decoder with nothing pending.
  public init() {}

  /// The keys in `pending + bytes`; an unfinished escape sequence stays pending.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var i = 0
    while i < pending.count {
      let b = pending[i]
      if b == 0x1B {
        guard i + 1 < pending.count else { break }  // maybe the start of a sequence
        let next = pending[i + 1]
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
          keys.append(.escape)
          i += 1
          continue
        }
        // CSI/SS3: parameters, then one final byte in 0x40…0x7E.
        var j = i + 2
        while j < pending.count, !(0x40...0x7E).contains(pending[j]) { j += 1 }
        guard j < pending.count else { break }
        keys.append(Self.sequence(final: pending[j], parameters: pending[(i + 2)..<j]))
        i = j + 1
        continue
      }
      // UTF-8: a lead byte says how many bytes the character has.
      let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
      guard i + length <= pending.count else { break }
      keys.append(Self.key(pending[i..<(i + length)]))
      i += length
    }
    pending.removeFirst(i)
    return keys
  }

  /// What is pending when no more bytes came: a lone escape is the Escape key.
  public mutating func flush() -> [Key] {
    defer { pending = [] }
    return pending.first == 0x1B ? [.escape] : []
  }

  /// Whether bytes wait for the rest of a sequence.
  public var hasPending: Bool { !pending.isEmpty }

  private static func sequence(final: UInt8, parameters: ArraySlice<UInt8>) -> Key {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    default: .unknown
    }
  }

  private static func key(_ bytes: ArraySlice<UInt8>) -> Key {
    switch bytes.first! {
    case 0x03: return .interrupt
    case 0x09: return .tab
    case 0x0D, 0x0A: return .enter
    case 0x7F, 0x08: return .backspace
    case 0..<0x20: return .unknown
    default:
      let text = String(decoding: bytes, as: UTF8.self)
      return text.count == 1 ? .character(text.first!) : .unknown
    }
  }
}
