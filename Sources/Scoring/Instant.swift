/// One scoring instant (2 Hz of truth time by default): the truth in force and the latest fix at
/// or before it (causal: no look-ahead).
public struct Instant: Sendable, Hashable, Codable {
  /// Seconds since the start.
  public var t: Double
  /// Horizontal error, metres.
  public var error: Double
  /// Floors missed: |estimated − true ordinal|.
  public var floorError: Int
  /// Whether the estimate names another building than the truth (false when either is unknown).
  public var buildingWrong: Bool
  /// Whether the fix's unit is the true unit (nil when the truth is in no unit).
  public var unitHit: Bool?
  /// Whether the fix's unit is the true unit or a neighbour through a door (nil without a venue
  /// or a true unit).
  public var neighbourHit: Bool?
  /// Whether the fix held at this instant is recent (at most the maximum fix age old).
  public var fresh: Bool
  /// Whether the error is within the fix's reported accuracy radius (nil when it has none).
  public var withinAccuracy: Bool?

  /// The IPIN/EvAAL per-instant error: e + 15 m per floor + 50 m for a wrong building.
  public var evaalError: Double {
    error + 15 * Double(floorError) + (buildingWrong ? 50 : 0)
  }

  /// The Microsoft ILC per-instant error: e + 15 m per floor.
  public var ilcError: Double { error + 15 * Double(floorError) }
}
