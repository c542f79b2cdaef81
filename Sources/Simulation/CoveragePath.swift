import FloorPlans
import Geometry

/// A surveyor's walk through every walkable unit of one level: stops on a grid of the given
/// spacing inside each unit (boustrophedon rows), units visited nearest-first, and the walking
/// distance between stops (routed around walls where a straight line would cross one).
public struct CoveragePath: Sendable {
  /// One stop: where the surveyor stands, and how far they walked from the previous stop.
  public struct Stop: Sendable, Hashable {
    /// The plan (index into the `FloorPlanSet`).
    public let plan: Int
    /// The unit stood in (index into the plan's units).
    public let unit: Int
    /// The position, metres.
    public let point: Point
    /// Walking distance from the previous stop in metres (0 for the first).
    public let walked: Double
  }

  /// The stops in walking order.
  public let stops: [Stop]

  /// Plans the walk over plan `p` with stops every `spacing` metres.
  public init(plan p: Int, in set: FloorPlanSet, router: Router, spacing: Double) {
    let plan = set.plans[p]
    var remaining = Set(plan.walkableUnits)
    var order: [Int] = []
    var here = plan.walkableUnits.first.map { plan.units[$0].anchorPoint } ?? .zero
    while let next = remaining.min(by: {
      (plan.units[$0].anchorPoint.squaredDistance(to: here), $0) < (
        plan.units[$1].anchorPoint.squaredDistance(to: here), $1
      )
    }) {
      remaining.remove(next)
      order.append(next)
      here = plan.units[next].anchorPoint
    }
    var stops: [Stop] = []
    var previous: Point?
    for u in order {
      for point in Self.grid(
        in: plan.units[u].shape, spacing: spacing, fallback: plan.units[u].anchorPoint,
        inside: { plan.unitIndex(at: $0) == u })
      {
        let walked =
          previous.map {
            Self.walkingDistance(from: $0, to: point, plan: p, in: set, router: router)
          } ?? 0
        stops.append(Stop(plan: p, unit: u, point: point, walked: walked))
        previous = point
      }
    }
    self.stops = stops
  }

  /// Grid points `spacing` apart inside `shape` (where `inside` agrees), row by row alternating
  /// direction; the fallback point when the unit is smaller than the grid.
  static func grid(
    in shape: MultiPolygon, spacing: Double, fallback: Point, inside: (Point) -> Bool
  ) -> [Point] {
    guard let box = shape.bounds else { return [fallback] }
    var points: [Point] = []
    var row = 0
    var y = box.min.y + spacing / 2
    while y < box.max.y {
      var line: [Point] = []
      var x = box.min.x + spacing / 2
      while x < box.max.x {
        let p = Point(x: x, y: y)
        // Keep a margin from the walls: a surveyor does not stand in the wall.
        if shape.contains(p), inside(p), shape.distanceToBoundary(from: p) > 0.3 {
          line.append(p)
        }
        x += spacing
      }
      points += row % 2 == 0 ? line : line.reversed()
      row += 1
      y += spacing
    }
    return points.isEmpty ? [fallback] : points
  }

  static func walkingDistance(
    from a: Point, to b: Point, plan: Int, in set: FloorPlanSet, router: Router
  ) -> Double {
    let straight = Segment(a, b)
    guard set.plans[plan].crossesWall(straight) else { return straight.length }
    let route = try? router.route(
      from: Route.Waypoint(floor: FloorID(plan), point: a),
      to: Route.Waypoint(floor: FloorID(plan), point: b))
    return route?.walkingDistance ?? straight.length
  }
}
