/// Deterministic UUIDs from names, so that regenerating a sample venue gives identical files.
enum StableUUID {
  /// A version-4-shaped UUID string derived from `name` with two FNV-1a 64-bit hashes.
  static func make(_ name: String) -> String {
    func fnv(_ seed: UInt64) -> UInt64 {
      var hash = seed
      for byte in name.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      // Final avalanche (SplitMix64) so that similar names differ in every digit.
      hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
      hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
      return hash ^ (hash >> 31)
    }
    let high = (fnv(0xcbf2_9ce4_8422_2325) & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    let low = (fnv(0x8422_2325_cbf2_9ce4) & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    let hex = String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
    let c = Array(hex)
    return [c[0..<8], c[8..<12], c[12..<16], c[16..<20], c[20..<32]]
      .map { String($0) }.joined(separator: "-")
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
