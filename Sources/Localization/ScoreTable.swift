/// Scores of one scan keyed by (level, cell, offset bucket), so that the particles crowding into a
/// few cells cost one likelihood each. An open-addressing table with a multiplicative hash,
/// emptied in O(1) between scans by a generation stamp; no allocation after the first scan.
struct ScoreTable {
  private var keys: [Int] = []
  private var values: [Double] = []
  private var stamps: [UInt32] = []
  private var generation: UInt32 = 0
  private var mask = 0
  private var filled = 0

  /// Empties the table, sized for about `expected` distinct keys.
  mutating func reset(expected: Int) {
    let capacity = max(64, (expected * 2).nextPowerOfTwo)
    if capacity > keys.count {
      keys = Array(repeating: 0, count: capacity)
      values = Array(repeating: 0, count: capacity)
      stamps = Array(repeating: 0, count: capacity)
      mask = capacity - 1
      generation = 0
    }
    generation &+= 1
    if generation == 0 {  // wrapped: stale stamps could look current
      for i in stamps.indices { stamps[i] = 0 }
      generation = 1
    }
    filled = 0
  }

  /// The score under `key`, computed by `compute` the first time it is asked for.
  mutating func score(_ key: Int, _ compute: () -> Double) -> Double {
    if filled * 2 > keys.count { return compute() }  // full enough: stop caching
    var slot = (key &* -7_046_029_254_386_353_131) >> 20 & mask
    while stamps[slot] == generation {
      if keys[slot] == key { return values[slot] }
      slot = (slot + 1) & mask
    }
    let value = compute()
    stamps[slot] = generation
    keys[slot] = key
    values[slot] = value
    filled += 1
    return value
  }
}

extension Int {
  /// The smallest power of two at least this (1 for values below 2).
  fileprivate var nextPowerOfTwo: Int {
    self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
  }
}
