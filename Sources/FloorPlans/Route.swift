import Geometry

/// A walking route through a venue: waypoints on one or more levels.
public struct Route: Sendable {
  /// One waypoint: a plan (index into `FloorPlanSet.plans`) and a position on it.
  public struct Waypoint: Sendable, Hashable {
    /// The floor plan.
    public let plan: Int
    /// The position in the venue frame.
    public let point: Point

    /// Creates a waypoint at `point` on plan `plan`.
    public init(plan: Int, point: Point) {
      self.plan = plan
      self.point = point
    }
  }

  /// A change of level between consecutive waypoints.
  public struct LevelChange: Sendable, Hashable {
    /// The plan left.
    public let fromPlan: Int
    /// The plan reached.
    public let toPlan: Int
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
      .filter { $0.plan == $1.plan }
      .reduce(0) { $0 + $1.0.point.distance(to: $1.1.point) }
  }

  /// The waypoints split into consecutive runs on one plan.
  public var legs: [(plan: Int, points: [Point])] {
    var legs: [(plan: Int, points: [Point])] = []
    for waypoint in waypoints {
      if legs.last?.plan == waypoint.plan {
        legs[legs.count - 1].points.append(waypoint.point)
      } else {
        legs.append((waypoint.plan, [waypoint.point]))
      }
    }
    return legs
  }
}
