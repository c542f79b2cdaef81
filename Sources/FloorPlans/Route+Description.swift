import Geometry

extension Route {
  /// The route for people, from unit `start` to unit `goal`: one line per leg on a level, one
  /// per level change.
  public func description(in plans: FloorPlanSet, from start: UnitRef, to goal: UnitRef) -> String {
    func level(_ floor: FloorID) -> String { "\(plans[floor].shortName) \(plans[floor].name)" }
    var lines = [
      "Route from \(plans.unit(start).label) (\(level(start.floor))) to \(plans.unit(goal).label) (\(level(goal.floor)))",
      "  walking \(walkingDistance.formatted(decimals: 1)) m, \(levelChanges.count) level change(s), "
        + "\(waypoints.count) waypoints",
    ]
    var changes = levelChanges.makeIterator()
    for (k, leg) in legs.enumerated() {
      if k > 0, let change = changes.next() {
        lines.append(
          "  \(change.kind.rawValue) \(plans[change.fromFloor].shortName) → \(plans[change.toFloor].shortName)"
        )
      }
      let length = zip(leg.points, leg.points.dropFirst()).reduce(0) {
        $0 + $1.0.distance(to: $1.1)
      }
      lines.append("  \(level(leg.floor)): \(length.formatted(decimals: 1)) m")
      lines.append("    " + leg.points.map(\.description).joined(separator: " → "))
    }
    return lines.joined(separator: "\n")
  }
}
