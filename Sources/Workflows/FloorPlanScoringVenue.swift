import FloorPlans
import Geometry
import Scoring

/// The scorer's questions (walkable space, walls, doors) answered from a venue's floor plans.
public struct FloorPlanScoringVenue: ScoringVenue, Sendable {
  /// The venue's floor plans.
  public let plans: FloorPlanSet
  /// Unit id pairs joined by a door or an open-plan portal, both ways.
  let neighbours: Set<[String]>

  /// The scoring venue of `plans`.
  public init(plans: FloorPlanSet) {
    self.plans = plans
    var pairs = Set<[String]>()
    for plan in plans.plans {
      let joins = plan.doors.map(\.units) + plan.portals.map(\.units)
      for units in joins {
        for a in units {
          for b in units where a != b { pairs.insert([plan.units[a].id, plan.units[b].id]) }
        }
      }
    }
    neighbours = pairs
  }

  /// The plan at `ordinal` where `point` is walkable, else the first at that ordinal.
  func plan(ordinal: Int, at point: Point) -> FloorPlan? {
    plans.floor(atOrdinal: ordinal, containing: point).map { plans[$0] }
  }

  public func isWalkable(ordinal: Int, _ point: Point) -> Bool {
    plan(ordinal: ordinal, at: point)?.isWalkable(point) ?? false
  }

  public func crossesWall(ordinal: Int, from a: Point, to b: Point) -> Bool {
    plan(ordinal: ordinal, at: a)?.crossesWall(Segment(a, b)) ?? false
  }

  public func areNeighbours(_ a: String, _ b: String) -> Bool { neighbours.contains([a, b]) }
}
