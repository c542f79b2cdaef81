import Geometry

/// Derives walls, doors and open-plan portals of one level from its units and openings.
///
/// Every edge of a walkable unit is a wall, except the stretches where a door lies on it, where
/// it is shared with another open-plan unit when this unit is open-plan too, and where it is
/// shared with a unit whose edges were already turned into walls (so each wall appears once).
struct WallBuilder {
  /// How far (metres) an edge may sit from another to count as shared, or a door from an edge.
  static let tolerance = 0.3

  let units: [PlanUnit]
  var openings: [(id: String, category: String?, segments: [Segment])]
  /// Boundaries to use instead of a unit's shape edges (the open walkway's: only where it meets
  /// something else).
  var boundaries: [Int: [Segment]] = [:]

  /// The edges of unit `u` walls are made from.
  func unitEdges(_ u: Int) -> [Segment] {
    boundaries[u] ?? units[u].shape.edges
  }

  /// Pairs of nearby edges a level may examine (walls and inferred doors together) before its
  /// derivation stops: units stacked on one another by the thousand make the work quadratic
  /// (1,000 copies of one room: 20 million pairs, 7 s), while PolyMap's busiest level examines
  /// 6,400 (11,000 with its openings removed) and the generated convention's 2,100.
  static let pairBudget = 2_000_000

  struct Result {
    /// Whether the derivation stopped at `pairBudget`: the walls after it are missing.
    var exhausted = false
    var walls: [Segment] = []
    /// For each wall, the unit it bounds and the unit on its other side, if any.
    var wallSides: [WallSides] = []
    var doors: [Door] = []
    var portals: [Portal] = []
  }

  /// The edges of the walkable units, each with its unit, and an index over them.
  struct WalkableEdges {
    var edges: [Segment] = []
    var owners: [Int] = []
    var index: SegmentIndex

    init(_ builder: WallBuilder) {
      for u in builder.units.indices where builder.units[u].kind.isWalkable {
        for edge in builder.unitEdges(u) where edge.length > 1e-6 {
          edges.append(edge)
          owners.append(u)
        }
      }
      index = SegmentIndex(edges, cellSize: 4)
    }
  }

  /// Walls, doors and portals from the walkable units' `walkable` edges; `pairs` nearby edge
  /// pairs were examined before (door inference), counted against `pairBudget`.
  func build(walkable: WalkableEdges? = nil, pairs: Int = 0) -> Result {
    var result = Result()
    var pairs = pairs
    let walkable = walkable ?? WalkableEdges(self)
    let (edges, owners, edgeIndex) = (walkable.edges, walkable.owners, walkable.index)
    // Every unit's edges, walkable or not, to tell what lies on the far side of a wall.
    var allEdges: [Segment] = []
    var allOwners: [Int] = []
    for u in units.indices {
      for edge in unitEdges(u) where edge.length > 1e-6 {
        allEdges.append(edge)
        allOwners.append(u)
      }
    }
    let neighbourIndex = SegmentIndex(allEdges, cellSize: 4)
    let doorSegments = openings.flatMap(\.segments)
    let doorIndex = SegmentIndex(doorSegments, cellSize: 4)

    for (e, edge) in edges.enumerated() {
      let u = owners[e]
      var gaps: [ClosedRange<Double>] = []
      for d in doorIndex.near(edge.midpoint, within: edge.length / 2 + Self.tolerance) {
        if let gap = Self.overlap(of: doorSegments[d], on: edge) { gaps.append(gap) }
      }
      let nearby = edgeIndex.near(edge.midpoint, within: edge.length / 2 + Self.tolerance)
      pairs += nearby.count
      guard pairs <= Self.pairBudget else {
        result.exhausted = true
        break
      }
      for f in nearby {
        let v = owners[f]
        guard v != u, let shared = Self.overlap(of: edges[f], on: edge) else { continue }
        let open = units[u].kind.isOpenPlan && units[v].kind.isOpenPlan
        if open, u < v, shared.upperBound - shared.lowerBound > 0.05 {
          let a = edge.a.interpolated(to: edge.b, at: shared.lowerBound)
          let b = edge.a.interpolated(to: edge.b, at: shared.upperBound)
          result.portals.append(Portal(segment: Segment(a, b), units: [u, v]))
        }
        if open || v < u { gaps.append(shared) }
      }
      for piece in Self.remainder(of: edge, without: gaps) {
        let far = neighbourIndex.near(piece.midpoint, within: Self.tolerance)
          .map { allOwners[$0] }.first { $0 != u }
        result.walls.append(piece)
        result.wallSides.append(WallSides(unit: u, otherUnit: far))
      }
    }
    for opening in openings {
      for segment in opening.segments {
        let near = edgeIndex.near(segment.midpoint, within: Self.tolerance).map { owners[$0] }
        let joined = Array(Set(near)).sorted()
        result.doors.append(
          Door(id: opening.id, segment: segment, category: opening.category, units: joined))
      }
    }
    return result
  }

  /// The parameter interval of `edge` covered by `other` when `other` lies along it.
  static func overlap(of other: Segment, on edge: Segment) -> ClosedRange<Double>? {
    let d = edge.b - edge.a
    let lengthSquared = d.dot(d)
    guard lengthSquared > 0 else { return nil }
    let length = lengthSquared.squareRoot()
    func offset(_ p: Point) -> Double { abs(d.cross(p - edge.a)) / length }
    guard offset(other.a) <= tolerance, offset(other.b) <= tolerance else { return nil }
    let t0 = (other.a - edge.a).dot(d) / lengthSquared
    let t1 = (other.b - edge.a).dot(d) / lengthSquared
    let lower = max(0, min(t0, t1))
    let upper = min(1, max(t0, t1))
    return upper > lower ? lower...upper : nil
  }

  /// The stretches of `edge` not covered by `gaps`, longer than a centimetre.
  static func remainder(of edge: Segment, without gaps: [ClosedRange<Double>]) -> [Segment] {
    let minimum = 0.01 / max(edge.length, 1e-9)
    var pieces: [Segment] = []
    var start = 0.0
    for gap in gaps.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if gap.lowerBound - start > minimum {
        pieces.append(
          Segment(
            edge.a.interpolated(to: edge.b, at: start),
            edge.a.interpolated(to: edge.b, at: gap.lowerBound)))
      }
      start = max(start, gap.upperBound)
    }
    if 1 - start > minimum {
      pieces.append(Segment(edge.a.interpolated(to: edge.b, at: start), edge.b))
    }
    return pieces
  }
}

/// The units on the two sides of a wall (plan unit indices).
public struct WallSides: Sendable, Hashable {
  /// The walkable unit the wall bounds.
  public let unit: Int
  /// The unit on the other side, or `nil` for an outer wall.
  public let otherUnit: Int?
}
