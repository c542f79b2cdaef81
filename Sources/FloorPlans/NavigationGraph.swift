import Geometry

/// A visibility graph for walking: nodes at doors, open-plan portals, inner corners of units and
/// connector units; edges where a straight walk crosses no wall, plus connector links.
public struct NavigationGraph: Sendable {
  /// A place a route can pass through.
  public struct Node: Sendable, Hashable {
    /// The floor.
    public let floor: FloorID
    /// The position in the venue frame.
    public let point: Point
  }

  /// An edge to another node with its cost in metres of walking.
  struct Edge: Sendable {
    let to: Int
    let cost: Double
    let connector: ConnectorKind?
  }

  /// The nodes.
  public private(set) var nodes: [Node] = []
  var edges: [[Edge]] = []
  /// Node ids attached to each unit, per plan.
  var nodesByUnit: [UnitRef: [Int]] = [:]

  /// How far door nodes sit from the door line, into each unit, in metres.
  static let doorOffset = 0.4
  /// How far inner-corner nodes sit from the corner, in metres.
  static let cornerOffset = 0.35
  /// Longest stretch of open-plan boundary one portal node stands for, in metres.
  static let portalSpacing = 4.0

  /// Builds the graph of all plans and connectors.
  public init(_ set: FloorPlanSet) {
    for (p, plan) in set.plans.enumerated() {
      for door in plan.doors {
        // One node just inside each walkable unit the door joins, linked through the doorway:
        // a node on the wall line itself would see along the wall and nowhere else.
        let d = door.segment.b - door.segment.a
        guard d.length > 0 else { continue }
        let normal = Point(x: -d.y, y: d.x) / d.length * Self.doorOffset
        var sides: [Int] = []
        for candidate in [door.segment.midpoint + normal, door.segment.midpoint - normal] {
          guard let u = plan.unitIndex(at: candidate), plan.units[u].kind.isWalkable,
            door.units.contains(u)
          else { continue }
          sides.append(
            addNode(
              Node(floor: FloorID(p), point: candidate),
              units: [UnitRef(floor: FloorID(p), unit: u)]))
        }
        if sides.count == 2 {
          connect(sides[0], sides[1], cost: 2 * Self.doorOffset, connector: nil)
        }
      }
      for portal in plan.portals {
        let pieces = max(1, Int((portal.segment.length / Self.portalSpacing).rounded(.up)))
        for k in 0..<pieces {
          let t = (Double(k) + 0.5) / Double(pieces)
          addNode(
            Node(
              floor: FloorID(p), point: portal.segment.a.interpolated(to: portal.segment.b, at: t)),
            units: portal.units.map { UnitRef(floor: FloorID(p), unit: $0) })
        }
      }
      for u in plan.walkableUnits {
        // The walkway's shape is the outline less every unit: keep the corners that are in it.
        let derived = plan.units[u].isDerived
        for corner in Self.innerCorners(of: plan.units[u].shape)
        where !derived || plan.unitIndex(at: corner) == u {
          addNode(
            Node(floor: FloorID(p), point: corner), units: [UnitRef(floor: FloorID(p), unit: u)])
        }
      }
    }
    var connectorNodes: [UnitRef: Int] = [:]
    for connector in set.connectors {
      for end in [connector.lower, connector.upper] where connectorNodes[end] == nil {
        connectorNodes[end] = addNode(
          Node(floor: end.floor, point: set.unit(end).anchorPoint), units: [end])
      }
    }
    for (unit, members) in nodesByUnit {
      let plan = set[unit.floor]
      for (i, a) in members.enumerated() {
        for b in members[(i + 1)...] where !edges[a].contains(where: { $0.to == b }) {
          let segment = Segment(nodes[a].point, nodes[b].point)
          guard !plan.crossesWall(segment) else { continue }
          connect(a, b, cost: segment.length, connector: nil)
        }
      }
    }
    for connector in set.connectors {
      let floors = abs(
        set[connector.upper.floor].ordinal - set[connector.lower.floor].ordinal)
      connect(
        connectorNodes[connector.lower]!, connectorNodes[connector.upper]!,
        cost: connector.kind.costPerFloor * Double(max(floors, 1)), connector: connector.kind)
    }
  }

  @discardableResult
  private mutating func addNode(_ node: Node, units: [UnitRef]) -> Int {
    nodes.append(node)
    edges.append([])
    for unit in units { nodesByUnit[unit, default: []].append(nodes.count - 1) }
    return nodes.count - 1
  }

  private mutating func connect(_ a: Int, _ b: Int, cost: Double, connector: ConnectorKind?) {
    edges[a].append(Edge(to: b, cost: cost, connector: connector))
    edges[b].append(Edge(to: a, cost: cost, connector: connector))
  }

  /// Points just inside the reflex corners of the exterior and the corners of the holes.
  static func innerCorners(of shape: MultiPolygon) -> [Point] {
    var corners: [Point] = []
    for polygon in shape.polygons {
      for (r, ring) in polygon.rings.enumerated() {
        let points = ring.points
        let n = points.count
        guard n >= 3 else { continue }
        let counterClockwise = ring.signedArea > 0
        for i in 0..<n {
          let prev = points[(i + n - 1) % n]
          let here = points[i]
          let next = points[(i + 1) % n]
          let turn = (here - prev).cross(next - here)
          // Reflex for the walkable side: a right turn on a counter-clockwise exterior; on holes
          // the walkable side is outside, so convex corners of the hole count.
          let reflex = r == 0 ? (counterClockwise ? turn < 0 : turn > 0) : true
          guard reflex else { continue }
          let u1 = (prev - here) / max((prev - here).length, 1e-9)
          let u2 = (next - here) / max((next - here).length, 1e-9)
          var bisector = u1 + u2
          if bisector.length < 1e-9 { bisector = Point(x: -u1.y, y: u1.x) }
          let step = bisector / bisector.length * cornerOffset
          for candidate in [here + step, here - step] where polygon.contains(candidate) {
            corners.append(candidate)
            break
          }
        }
      }
    }
    return corners
  }
}
