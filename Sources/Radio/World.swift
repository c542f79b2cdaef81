import FloorPlans
import Geometry
import Randomness

/// The simulated radio truth of a venue: access points, the propagation model, and each AP's
/// precomputed mean RSSI over every floor plan it can reach. Only the simulator sees it.
public struct World: Sendable {
  /// One AP audible on a plan, with its field there.
  public struct Audible: Sendable {
    /// Index into `accessPoints`.
    public let accessPoint: Int
    /// The AP's mean RSSI over the plan.
    public let field: RadioField
  }

  /// The venue's floor plans.
  public let plans: FloorPlanSet
  /// The propagation model.
  public let model: PropagationModel
  /// Every AP radio.
  public let accessPoints: [AccessPoint]
  /// The seed the shadowing was drawn from.
  public let seed: UInt64
  /// Per plan, the APs that can be heard there.
  public let audible: [[Audible]]

  /// Builds the world, drawing shadowing from `seed` and precomputing every field.
  public init(
    plans: FloorPlanSet, accessPoints: [AccessPoint], model: PropagationModel, seed: UInt64
  )
    throws(RandomnessError)
  {
    self.plans = plans
    self.model = model
    self.accessPoints = accessPoints
    self.seed = seed
    let root = try RandomGenerator(seed: seed)
    var audible = [[Audible]](repeating: [], count: plans.plans.count)
    // Radios at one spot share walls and shadowing: compute each spot once per plan.
    var spots: [SpotKey: (walls: [(light: Int, heavy: Int)], shadow: [Float])] = [:]
    let heavy = plans.plans.map { plan in
      plan.wallSides.map { sides in
        sides.otherUnit == nil || model.heavyCategories.contains(plan.units[sides.unit].category)
          || sides.otherUnit.map { model.heavyCategories.contains(plan.units[$0].category) }
            ?? false
      }
    }
    for (a, ap) in accessPoints.enumerated() {
      for p in Self.reachablePlans(
        from: ap.floor.index, in: plans, maximumFloors: model.maximumFloors)
      {
        let plan = plans.plans[p]
        guard let bounds = plan.walkableBounds else { continue }
        let grid = RadioField.grid(covering: bounds, spacing: model.gridSpacing)
        let key = SpotKey(plan: p, apPlan: ap.floor.index, x: ap.position.x, y: ap.position.y)
        if spots[key] == nil {
          var walls: [(light: Int, heavy: Int)] = []
          walls.reserveCapacity(grid.columns * grid.rows)
          var crossed: [Int32] = []
          for r in 0..<grid.rows {
            for c in 0..<grid.columns {
              let node = Point(
                x: grid.origin.x + Double(c) * model.gridSpacing,
                y: grid.origin.y + Double(r) * model.gridSpacing)
              plan.wallsCrossed(by: Segment(ap.position, node), into: &crossed)
              let heavyCount = crossed.count { heavy[p][Int($0)] }
              walls.append((crossed.count - heavyCount, heavyCount))
            }
          }
          let stream = try root.split(stream: spots.count)
          let shadow = ShadowingField.draw(
            columns: grid.columns, rows: grid.rows, spacing: model.gridSpacing,
            sigma: model.shadowingSigma,
            decorrelation: model.decorrelationDistance, generator: stream)
          spots[key] = (walls, shadow)
        }
        let spot = spots[key]!
        let floors = abs(plan.ordinal - plans[ap.floor].ordinal)
        var values = [Float](repeating: 0, count: grid.columns * grid.rows)
        for r in 0..<grid.rows {
          for c in 0..<grid.columns {
            let i = r * grid.columns + c
            let node = Point(
              x: grid.origin.x + Double(c) * model.gridSpacing,
              y: grid.origin.y + Double(r) * model.gridSpacing)
            let mean = model.meanPower(
              referencePower: ap.referencePower, horizontalDistance: node.distance(to: ap.position),
              floors: floors,
              lightWalls: spot.walls[i].light, heavyWalls: spot.walls[i].heavy, band: ap.band)
            values[i] = Float(mean) + spot.shadow[i]
          }
        }
        audible[p].append(
          Audible(
            accessPoint: a,
            field: RadioField(
              origin: grid.origin, spacing: model.gridSpacing, columns: grid.columns,
              rows: grid.rows, values: values)))
      }
    }
    self.audible = audible
  }

  /// Plans of the same building(s) within `maximumFloors` ordinals of plan `p`.
  static func reachablePlans(from p: Int, in plans: FloorPlanSet, maximumFloors: Int) -> [Int] {
    let home = plans.plans[p]
    return plans.plans.indices.filter { q in
      let other = plans.plans[q]
      let sameBuilding = q == p || !Set(home.buildingIDs).isDisjoint(with: other.buildingIDs)
      return sameBuilding && abs(other.ordinal - home.ordinal) <= maximumFloors
    }
  }

  /// The mean RSSI (dBm, shadowing included, no fading or device offset) of AP `a` at `point` on
  /// `floor`, or `nil` when the AP cannot be heard there.
  public func meanRSSI(accessPoint a: Int, floor: FloorID, at point: Point) -> Double? {
    audible[floor.index].first { $0.accessPoint == a }?.field.value(at: point)
  }

  private struct SpotKey: Hashable {
    let plan: Int
    let apPlan: Int
    let x: Double
    let y: Double
  }
}
