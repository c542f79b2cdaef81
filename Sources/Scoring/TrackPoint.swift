import Geometry

/// Where the walker truly was at a time: the scorer's view of a `truth` record.
public struct TruthPoint: Sendable, Hashable {
  /// Seconds since the start.
  public var t: Double
  /// Floor ordinal.
  public var ordinal: Int
  /// Building id, when known.
  public var building: String?
  /// Position in the venue frame, metres.
  public var position: Point
  /// IMDF unit id, when in a unit.
  public var unit: String?
  /// Whether this is a checkpoint (where competitions score).
  public var checkpoint: Bool

  /// Creates a truth point.
  public init(
    t: Double, ordinal: Int, building: String? = nil, position: Point, unit: String?,
    checkpoint: Bool = false
  ) {
    self.t = t
    self.ordinal = ordinal
    self.building = building
    self.position = position
    self.unit = unit
    self.checkpoint = checkpoint
  }
}

/// One estimate: the scorer's view of a `fix` record.
public struct FixPoint: Sendable, Hashable {
  /// Seconds since the start.
  public var t: Double
  /// Floor ordinal.
  public var ordinal: Int
  /// Building id, when known.
  public var building: String?
  /// Position in the venue frame, metres.
  public var position: Point
  /// IMDF unit id, or nil when the fix has none.
  public var unit: String?
  /// Reported 95 % accuracy radius, metres.
  public var accuracy: Double?

  /// Creates a fix point.
  public init(
    t: Double, ordinal: Int, building: String? = nil, position: Point, unit: String?,
    accuracy: Double?
  ) {
    self.t = t
    self.ordinal = ordinal
    self.building = building
    self.position = position
    self.unit = unit
    self.accuracy = accuracy
  }
}

/// What the scorer asks of the venue (walkable space, walls, doors); the command line answers
/// from the floor plans, and a scorer without a venue leaves those metrics out.
public protocol ScoringVenue {
  /// Whether `point` on the floor `ordinal` is walkable.
  func isWalkable(ordinal: Int, _ point: Point) -> Bool
  /// Whether walking straight from `a` to `b` on the floor `ordinal` crosses a wall.
  func crossesWall(ordinal: Int, from a: Point, to b: Point) -> Bool
  /// Whether units `a` and `b` (IMDF ids) are the same or joined by a door or opening.
  func areNeighbours(_ a: String, _ b: String) -> Bool
}
