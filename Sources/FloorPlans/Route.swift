import Geometry

/// A walking route through a venue: waypoints on one or more levels.
public struct Route: Sendable {
  /// One waypoint: a floor and a position on it.
  public struct Waypoint: Sendable, Hashable {
    /// The floor.
    public let floor: FloorID
    /// The position in the venue frame, metres.
    public let point: Point

    /// Creates a waypoint at `point` on `floor`.
    public init(floor: FloorID, point: Point) {
      self.floor = floor
      self.point = point
    }
  }

  /// A change of level between consecutive waypoints.
  public struct LevelChange: Sendable, Hashable {
    /// The floor left.
    public let fromFloor: FloorID
    /// The floor reached.
    public let toFloor: FloorID
    /// How: stairs, elevator, escalator or ramp.
    public let kind: ConnectorKind
  }

  /// The waypoints from start to goal.
  public let waypoints: [Waypoint]
  /// The level changes in order.
  public let levelChanges: [LevelChange]
  /// The routing cost in metres (walking plus connector costs).
  public let cost: Double

  /// The horizontal walking distance in metres (connector rides excluded).
  public var walkingDistance: Double {
    zip(waypoints, waypoints.dropFirst())
      .filter { $0.floor == $1.floor }
      .reduce(0) { $0 + $1.0.point.distance(to: $1.1.point) }
  }

  /// The waypoints split into consecutive runs on one floor.
  public var legs: [(floor: FloorID, points: [Point])] {
    var legs: [(floor: FloorID, points: [Point])] = []
    for waypoint in waypoints {
      if legs.last?.floor == waypoint.floor {
        legs[legs.count - 1].points.append(waypoint.point)
      } else {
        legs.append((waypoint.floor, [waypoint.point]))
      }
    }
    return legs
  }
}
