/// Dense slots for the distinct keys (level, cell, offset bucket) of one scan, so that the
/// particles crowding into a few cells cost one likelihood each. An open-addressing table with a
/// multiplicative hash, emptied in O(1) between scans by a generation stamp; no allocation after
/// the first scan of a given size.
struct ScoreTable {
  private var keys: [Int] = []
  private var slots: [Int32] = []
  private var stamps: [UInt32] = []
  private var generation: UInt32 = 0
  private var mask = 0
  /// Distinct keys since the last reset.
  private(set) var count = 0

  /// Empties the table, sized for at most `expected` distinct keys.
  mutating func reset(expected: Int) {
    let capacity = max(64, (expected * 2).nextPowerOfTwo)
    if capacity > keys.count {
      keys = Array(repeating: 0, count: capacity)
      slots = Array(repeating: 0, count: capacity)
      stamps = Array(repeating: 0, count: capacity)
      mask = capacity - 1
      generation = 0
    }
    generation &+= 1
    if generation == 0 {  // wrapped: stale stamps could look current
      for i in stamps.indices { stamps[i] = 0 }
      generation = 1
    }
    count = 0
  }

  /// The key of (map level, cell, device offset rounded to 0.5 dB), and that rounded offset (dB).
  @inline(__always)
  static func key(level: Int, cell: Int, offset: Double) -> (key: Int, offset: Double) {
    let bucket = Int((offset * 2).rounded())
    return ((level << 40) | (cell << 12) | (bucket & 0xFFF), Double(bucket) / 2)
  }

  /// The slot of `key`: its index among the distinct keys in the order first seen (a new key
  /// gets `count`, which then grows). At most the `expected` keys of the last reset.
  mutating func slot(_ key: Int) -> Int {
    var i = (key &* -7_046_029_254_386_353_131) >> 20 & mask
    while stamps[i] == generation {
      if keys[i] == key { return Int(slots[i]) }
      i = (i + 1) & mask
    }
    stamps[i] = generation
    keys[i] = key
    slots[i] = Int32(count)
    count += 1
    return count - 1
  }
}

extension Int {
  /// The smallest power of two at least this (1 for values below 2).
  fileprivate var nextPowerOfTwo: Int {
    self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
  }
}
