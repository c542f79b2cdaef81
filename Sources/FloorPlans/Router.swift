import Geometry
import HeapModule

/// Finds shortest walking routes between points or units, across levels through connectors.
public struct Router: Sendable {
  /// The plans routed over.
  public let set: FloorPlanSet
  /// The prebuilt visibility graph.
  public let graph: NavigationGraph

  /// Why a route could not be found.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// The point is not in walkable space on that plan.
    case notWalkable(floor: FloorID, point: Point)
    /// No walkable path joins the two places.
    case unreachable

    public var description: String {
      switch self {
      case .notWalkable(let floor, let point):
        "point \(point) on \(floor) is not in walkable space"
      case .unreachable: "no walkable path joins the two places"
      }
    }
  }

  /// Builds the router (and its graph) for a set of plans.
  public init(_ set: FloorPlanSet) {
    self.set = set
    self.graph = NavigationGraph(set)
  }

  /// The shortest route between two units (from anchor point to anchor point).
  public func route(from start: UnitRef, to goal: UnitRef) throws(Failure) -> Route {
    try route(
      from: Route.Waypoint(floor: start.floor, point: set.unit(start).anchorPoint),
      to: Route.Waypoint(floor: goal.floor, point: set.unit(goal).anchorPoint))
  }

  /// The shortest route between two points, each on a plan.
  public func route(from start: Route.Waypoint, to goal: Route.Waypoint) throws(Failure) -> Route {
    let startUnit = try walkableUnit(start)
    let goalUnit = try walkableUnit(goal)
    if start.floor == goal.floor,
      !set[start.floor].crossesWall(Segment(start.point, goal.point))
    {
      return Route(
        waypoints: [start, goal], levelChanges: [], cost: start.point.distance(to: goal.point))
    }
    let startLinks = visibleNodes(from: start, in: startUnit)
    let goalLinks = Dictionary(
      visibleNodes(from: goal, in: goalUnit).map {
        ($0, graph.nodes[$0].point.distance(to: goal.point))
      },
      uniquingKeysWith: min)
    guard !startLinks.isEmpty, !goalLinks.isEmpty else { throw .unreachable }

    // A* over graph nodes; the goal is reached through `goalLinks`.
    var best = [Double](repeating: .infinity, count: graph.nodes.count)
    var previous = [Int](repeating: -1, count: graph.nodes.count)
    var via = [ConnectorKind?](repeating: nil, count: graph.nodes.count)
    var open = Heap<Entry>()
    for n in startLinks {
      let cost = start.point.distance(to: graph.nodes[n].point)
      if cost < best[n] {
        best[n] = cost
        open.insert(Entry(node: n, estimate: cost + heuristic(n, goal)))
      }
    }
    var bestTotal = Double.infinity
    var bestLast = -1
    while let entry = open.popMin() {
      if entry.estimate >= bestTotal { break }
      let n = entry.node
      if let tail = goalLinks[n], best[n] + tail < bestTotal {
        bestTotal = best[n] + tail
        bestLast = n
      }
      for edge in graph.edges[n] where best[n] + edge.cost < best[edge.to] {
        best[edge.to] = best[n] + edge.cost
        previous[edge.to] = n
        via[edge.to] = edge.connector
        open.insert(Entry(node: edge.to, estimate: best[edge.to] + heuristic(edge.to, goal)))
      }
    }
    guard bestLast >= 0 else { throw .unreachable }
    var chain: [Int] = []
    var n = bestLast
    while n >= 0 {
      chain.append(n)
      n = previous[n]
    }
    chain.reverse()
    var waypoints = [start]
    var changes: [Route.LevelChange] = []
    for node in chain {
      let waypoint = Route.Waypoint(floor: graph.nodes[node].floor, point: graph.nodes[node].point)
      if let kind = via[node], waypoint.floor != waypoints.last!.floor {
        changes.append(
          Route.LevelChange(fromFloor: waypoints.last!.floor, toFloor: waypoint.floor, kind: kind))
      }
      if waypoint != waypoints.last { waypoints.append(waypoint) }
    }
    waypoints.append(goal)
    return Route(waypoints: waypoints, levelChanges: changes, cost: bestTotal)
  }

  private func walkableUnit(_ waypoint: Route.Waypoint) throws(Failure) -> UnitRef {
    guard set.plans.indices.contains(waypoint.floor.index),
      let u = set[waypoint.floor].unitIndex(at: waypoint.point),
      set[waypoint.floor].units[u].kind.isWalkable
    else { throw .notWalkable(floor: waypoint.floor, point: waypoint.point) }
    return UnitRef(floor: waypoint.floor, unit: u)
  }

  private func visibleNodes(from waypoint: Route.Waypoint, in unit: UnitRef) -> [Int] {
    let plan = set[waypoint.floor]
    return (graph.nodesByUnit[unit] ?? []).filter {
      !plan.crossesWall(Segment(waypoint.point, graph.nodes[$0].point))
    }
  }

  private func heuristic(_ node: Int, _ goal: Route.Waypoint) -> Double {
    graph.nodes[node].point.distance(to: goal.point)
  }

  private struct Entry: Comparable {
    let node: Int
    let estimate: Double
    static func < (a: Entry, b: Entry) -> Bool { a.estimate < b.estimate }
  }
}
