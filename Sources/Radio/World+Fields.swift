import FingerpostCore
import FloorPlans
import Geometry
import Randomness

extension World {
  /// The lowest mean RSSI a field keeps, in dBm: below the sensitivity by four fading
  /// deviations and the model's margin for device offsets and sensitivity shifts.
  public var audibilityCutoff: Double {
    model.sensitivity - 4 * model.fadingSigma - model.audibilityMargin
  }

  /// The fields of every AP that reaches plan `p`, in AP order: per spot, the exact walls from
  /// the spot to each grid node and the spot's shadowing, then each AP's mean power, kept where
  /// it can be heard. Spots are shared between two workers, each with its own generators.
  func computeFields(plan p: Int) throws(RandomnessError) -> [Audible] {
    let plan = plans.plans[p]
    guard let bounds = plan.walkableBounds, !spots[p].isEmpty else { return [] }
    let grid = FieldGrid(covering: bounds, spacing: model.gridSpacing)
    let isHeavy = model.heavyWalls(of: plan)
    let spots = self.spots[p]
    let workers = spots.count > 1 ? 2 : 1
    let world = self
    let parts = concurrentMap(workers) { k in
      Result { () throws(RandomnessError) -> [Audible] in
        let root = try RandomGenerator(seed: world.seed)
        var fields: [Audible] = []
        for s in stride(from: k, to: spots.count, by: workers) {
          fields += try world.fields(
            of: spots[s], on: plan, grid: grid, isHeavy: isHeavy, root: root)
        }
        return fields
      }
    }
    var all: [Audible] = []
    for part in parts { all += try part.get() }
    return all.sorted { $0.accessPoint < $1.accessPoint }
  }

  /// The fields of the APs at `spot` over `grid` on `plan`.
  func fields(
    of spot: Spot, on plan: FloorPlan, grid: FieldGrid, isHeavy: [Bool], root: RandomGenerator
  ) throws(RandomnessError) -> [Audible] {
    let walls = WallCounts(from: spot.position, plan: plan, isHeavy: isHeavy, grid: grid)
    let shadow = ShadowingField.draw(
      columns: grid.columns, rows: grid.rows, spacing: grid.spacing, sigma: model.shadowingSigma,
      decorrelation: model.decorrelationDistance, generator: try root.split(stream: spot.stream))
    let floors = abs(plan.ordinal - plans[spot.floor].ordinal)
    let cutoff = Float(audibilityCutoff)
    return spot.accessPoints.map { a in
      let ap = accessPoints[a]
      var values = [Float](repeating: 0, count: grid.count)
      for r in 0..<grid.rows {
        for c in 0..<grid.columns {
          let i = r * grid.columns + c
          let mean = model.meanPower(
            referencePower: ap.referencePower,
            horizontalDistance: grid.node(column: c, row: r).distance(to: ap.position),
            floors: floors, lightWalls: Int(walls.light[i]), heavyWalls: Int(walls.heavy[i]),
            band: ap.band)
          values[i] = Float(mean) + shadow[i]
        }
      }
      return Audible(
        accessPoint: a, field: RadioField(grid: grid, values: values, keepingAbove: cutoff))
    }
  }
}
