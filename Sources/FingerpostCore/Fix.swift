import Geometry

/// One position estimate, with CoreLocation's habits: accuracy as a radius in metres, the floor
/// as an integer ordinal (`CLFloor.level`), course in degrees from north, speed in m/s.
///
/// Every localizer returns it, the event stream writes it as a `fix` record, the scorer and the
/// viewer read it, and the service will answer with it.
public struct Fix: Sendable, Hashable {
  /// Seconds since the start.
  public var t: Double
  /// The position in the venue's local frame, metres east and north of its origin.
  public var position: Point
  /// The position in WGS84, when the frame's origin is known.
  public var coordinate: GeoCoordinate?
  /// The floor ordinal.
  public var ordinal: Int
  /// The IMDF level id, when known.
  public var levelID: String?
  /// The IMDF building id, when known.
  public var building: String?
  /// The IMDF unit id the fix snaps to, when any.
  public var unitID: String?
  /// The unit's name, for people.
  public var unitName: String?
  /// Radius holding about 95 % of the estimate's mass, metres.
  public var accuracy: Double
  /// Course in degrees clockwise from north, when moving.
  public var course: Double?
  /// Speed in m/s, when known.
  public var speed: Double?

  /// Creates a fix.
  public init(
    t: Double, position: Point, coordinate: GeoCoordinate? = nil, ordinal: Int,
    levelID: String? = nil, building: String? = nil, unitID: String? = nil,
    unitName: String? = nil, accuracy: Double, course: Double? = nil, speed: Double? = nil
  ) {
    self.t = t
    self.position = position
    self.coordinate = coordinate
    self.ordinal = ordinal
    self.levelID = levelID
    self.building = building
    self.unitID = unitID
    self.unitName = unitName
    self.accuracy = accuracy
    self.course = course
    self.speed = speed
  }
}
