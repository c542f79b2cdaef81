import FingerpostCore

/// Chooses the unit a fix snaps to from the particle mass per unit, changing only when another
/// unit has held clearly more mass for a while, so a walker by a door does not flicker.
struct UnitHysteresis {
  /// How much more mass a challenger needs than the current unit.
  let margin: Double
  /// How long, in seconds, a challenger must lead before it takes over.
  let hold: Double
  /// Below this share of mass in the best unit the fix has no unit (spread too thin).
  static let minimumShare = 0.3

  /// What the hysteresis has learnt from the fixes so far (a filter's snapshot keeps it).
  struct Held: Sendable {
    /// The unit reported now.
    var current: (plan: Int, unit: Int)?
    /// A unit leading the current one, and since when (seconds).
    var challenger: (plan: Int, unit: Int, since: Double)?
  }

  /// The unit held and its challenger.
  var held = Held()

  /// Hysteresis with the challenger's required `margin` and `hold` time (seconds).
  init(margin: Double, hold: Double) {
    self.margin = margin
    self.hold = hold
  }

  /// The unit to report at `t`, given the mass share of each unit on the fix's plan.
  mutating func choose(plan: Int, shares: [Int: Double], at t: Double) -> Int? {
    guard let best = shares.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }),
      best.value >= Self.minimumShare
    else {
      held = Held()
      return nil
    }
    guard let now = held.current, now.plan == plan, let mass = shares[now.unit] else {
      held = Held(current: (plan, best.key))
      return best.key
    }
    if best.key == now.unit || best.value < margin * mass {
      held.challenger = nil
      return now.unit
    }
    if let c = held.challenger, c.plan == plan, c.unit == best.key {
      if t - c.since >= hold { held = Held(current: (plan, best.key)) }
    } else {
      held.challenger = (plan, best.key, t)
    }
    return held.current?.unit
  }
}

extension UnitHysteresis.Held {
  /// The (plan, unit) pairs held, to check against a venue.
  var named: [(plan: Int, unit: Int)] {
    [current, challenger.map { ($0.plan, $0.unit) }].compactMap { $0 }
  }

  /// Writes what is held.
  func write(to writer: inout BinaryWriter) {
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

  /// Reads what `write` wrote.
  init(from reader: inout BinaryReader) throws(FingerpostError) {
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
