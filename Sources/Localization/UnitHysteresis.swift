import FingerpostCore

/// Chooses the unit a fix snaps to from the particle mass per unit, changing only when another
/// unit has held clearly more mass for a while, so a walker by a door does not flicker.
struct UnitHysteresis {
  /// How much more mass a challenger needs than the current unit.
  let margin: Double
  /// How long, in seconds, a challenger must lead before it takes over.
  let hold: Double
  /// Below this share of mass in the best unit the fix has no unit (spread too thin).
  var minimumShare = 0.3

  private(set) var current: (plan: Int, unit: Int)?
  private var challenger: (plan: Int, unit: Int, since: Double)?

  /// Hysteresis with the challenger's required `margin` and `hold` time (seconds).
  init(margin: Double, hold: Double) {
    self.margin = margin
    self.hold = hold
  }

  /// The unit to report at `t`, given the mass share of each unit on the fix's plan.
  mutating func choose(plan: Int, shares: [Int: Double], at t: Double) -> Int? {
    guard let best = shares.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }),
      best.value >= minimumShare
    else {
      current = nil
      challenger = nil
      return nil
    }
    guard let now = current, now.plan == plan, let held = shares[now.unit] else {
      current = (plan, best.key)
      challenger = nil
      return best.key
    }
    if best.key == now.unit || best.value < margin * held {
      challenger = nil
      return now.unit
    }
    if let c = challenger, c.plan == plan, c.unit == best.key {
      if t - c.since >= hold {
        current = (plan, best.key)
        challenger = nil
      }
    } else {
      challenger = (plan, best.key, t)
    }
    return current?.unit
  }
}

extension UnitHysteresis {
  /// Takes up `other`'s state (the unit held, the challenger, the minimum share), keeping this
  /// one's margin and hold.
  mutating func take(_ other: UnitHysteresis) {
    current = other.current
    challenger = other.challenger
    minimumShare = other.minimumShare
  }

  /// The (plan, unit) pairs the state names, to check against a venue.
  var named: [(plan: Int, unit: Int)] {
    [current, challenger.map { ($0.plan, $0.unit) }].compactMap { $0 }
  }

  /// Writes the state (not the margin and hold, which come from the settings).
  func write(to writer: inout BinaryWriter) {
    writer.double(minimumShare)
    writer.bool(current != nil)
    if let current {
      writer.integer(Int32(current.plan))
      writer.integer(Int32(current.unit))
    }
    writer.bool(challenger != nil)
    if let challenger {
      writer.integer(Int32(challenger.plan))
      writer.integer(Int32(challenger.unit))
      writer.double(challenger.since)
    }
  }

  /// Reads a state `write` wrote.
  mutating func read(from reader: inout BinaryReader) throws(FingerpostError) {
    minimumShare = try reader.double()
    current =
      try reader.bool()
      ? (Int(try reader.integer(Int32.self)), Int(try reader.integer(Int32.self))) : nil
    challenger =
      try reader.bool()
      ? (
        Int(try reader.integer(Int32.self)), Int(try reader.integer(Int32.self)),
        try reader.double()
      ) : nil
  }
}
