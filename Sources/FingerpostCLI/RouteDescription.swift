import FloorPlans
import Geometry

/// A route printed for people: one line per leg on a level, one per level change.
struct RouteDescription {
  let route: Route
  let plans: FloorPlanSet
  let start: UnitRef
  let goal: UnitRef

  var text: String {
    func level(_ p: Int) -> String { "\(plans.plans[p].shortName) \(plans.plans[p].name)" }
    var lines = [
      "Route from \(plans.unit(start).label) (\(level(start.plan))) to \(plans.unit(goal).label) (\(level(goal.plan)))",
      "  walking \(route.walkingDistance.formatted(decimals: 1)) m, \(route.levelChanges.count) level change(s), "
        + "\(route.waypoints.count) waypoints",
    ]
    var changes = route.levelChanges.makeIterator()
    for (k, leg) in route.legs.enumerated() {
      if k > 0, let change = changes.next() {
        lines.append(
          "  \(change.kind.rawValue) \(plans.plans[change.fromPlan].shortName) → \(plans.plans[change.toPlan].shortName)"
        )
      }
      let length = zip(leg.points, leg.points.dropFirst()).reduce(0) {
        $0 + $1.0.distance(to: $1.1)
      }
      lines.append("  \(level(leg.plan)): \(length.formatted(decimals: 1)) m")
      lines.append("    " + leg.points.map(\.description).joined(separator: " → "))
    }
    return lines.joined(separator: "\n")
  }
}
