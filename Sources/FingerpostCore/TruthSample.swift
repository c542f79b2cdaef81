import Geometry

/// Where the walker truly was at a time: a simulated walk's truth, a recorded walk's ground
/// truth, what the scorer compares fixes with.
public struct TruthSample: Sendable, Hashable {
  /// Seconds since the start.
  public var t: Double
  /// The floor ordinal.
  public var ordinal: Int
  /// The position in the venue's local frame, metres.
  public var position: Point
  /// The IMDF building id, when known.
  public var building: String?
  /// The IMDF unit id the walker is in, if any.
  public var unitID: String?
  /// Heading in degrees clockwise from north, when known.
  public var heading: Double?
  /// Whether this is a checkpoint (a surveyed point the walker stood on), where competitions
  /// score.
  public var checkpoint: Bool

  /// Creates a truth sample.
  public init(
    t: Double, ordinal: Int, position: Point, building: String? = nil, unitID: String? = nil,
    heading: Double? = nil, checkpoint: Bool = false
  ) {
    self.t = t
    self.ordinal = ordinal
    self.position = position
    self.building = building
    self.unitID = unitID
    self.heading = heading
    self.checkpoint = checkpoint
  }
}
