import Geometry

extension WallBuilder {
  /// The width of an inferred door, metres.
  static let inferredDoorWidth = 1.0
  /// The shortest shared stretch of boundary an inferred door is placed on, metres.
  static let inferredDoorMinimumEdge = 0.6

  /// Doors for enclosed walkable units that no opening reaches (venues drawn without openings,
  /// as CAD and GIS exports often are): one door of `inferredDoorWidth` at the middle of the
  /// unit's longest stretch of boundary shared with circulation (an open-plan unit such as a
  /// walkway, or the derived open walkway), else with any other walkable unit. Open-plan units
  /// need none: their shared boundaries are portals already. Reads the builder's `walkable`
  /// edges; counts the nearby edge pairs it examines in `pairs`, and stops past `pairBudget`.
  func inferredOpenings(walkable: WalkableEdges, pairs: inout Int) -> [(
    id: String, category: String?, segments: [Segment]
  )] {
    let (edges, owners, edgeIndex) = (walkable.edges, walkable.owners, walkable.index)
    // The units a drawn opening joins (as `build()` finds a door's units).
    let reached = Set(
      openings.flatMap(\.segments).flatMap {
        edgeIndex.near($0.midpoint, within: Self.tolerance).map { owners[$0] }
      })
    // The best shared stretch per unit: (circulation first, length, segment).
    var best: [Int: (circulation: Bool, length: Double, segment: Segment)] = [:]
    for (e, edge) in edges.enumerated() {
      let u = owners[e]
      guard !units[u].kind.isOpenPlan, !reached.contains(u) else { continue }
      let nearby = edgeIndex.near(edge.midpoint, within: edge.length / 2 + Self.tolerance)
      pairs += nearby.count
      guard pairs <= Self.pairBudget else { break }
      for f in nearby {
        let v = owners[f]
        guard v != u, let shared = Self.overlap(of: edges[f], on: edge) else { continue }
        let length = (shared.upperBound - shared.lowerBound) * edge.length
        guard length >= Self.inferredDoorMinimumEdge else { continue }
        let circulation = units[v].kind.isOpenPlan || units[v].isDerived
        let current = best[u]
        if let current,
          current.circulation
            ? !circulation || current.length >= length
            : !circulation && current.length >= length
        {
          continue
        }
        let middle = (shared.lowerBound + shared.upperBound) / 2
        let half = min(Self.inferredDoorWidth, length) / 2 / edge.length
        let segment = Segment(
          edge.a.interpolated(to: edge.b, at: middle - half),
          edge.a.interpolated(to: edge.b, at: middle + half))
        best[u] = (circulation, length, segment)
      }
    }
    return best.sorted { $0.key < $1.key }.map { u, door in
      (
        id: "\(units[u].id)-inferred-door", category: Door.inferredCategory,
        segments: [door.segment]
      )
    }
  }
}
