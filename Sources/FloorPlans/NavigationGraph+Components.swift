extension NavigationGraph {
  /// The units of `units` grouped by which can be walked to from which (through doors,
  /// portals and connectors), largest group first; a unit the graph has no node in is a group
  /// of its own.
  public func connectedGroups(of units: [UnitRef]) -> [[UnitRef]] {
    var parent = Array(nodes.indices)
    func root(_ n: Int) -> Int {
      var n = n
      while parent[n] != n {
        parent[n] = parent[parent[n]]
        n = parent[n]
      }
      return n
    }
    for (a, list) in edges.enumerated() {
      for edge in list {
        let (ra, rb) = (root(a), root(edge.to))
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
      }
    }
    var groups: [Int: [UnitRef]] = [:]
    var alone: [[UnitRef]] = []
    for unit in units {
      if let first = nodesByUnit[unit]?.first {
        groups[root(first), default: []].append(unit)
      } else {
        alone.append([unit])
      }
    }
    return (Array(groups.values) + alone).sorted { a, b in
      a.count != b.count
        ? a.count > b.count : (a[0].floor.index, a[0].unit) < (b[0].floor.index, b[0].unit)
    }
  }
}
