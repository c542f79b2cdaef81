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
            of: spots[s], on: p, grid: grid, isHeavy: isHeavy, root: root)
        }
        return fields
      }
    }
    var all: [Audible] = []
    for part in parts { all += try part.get() }
    return all.sorted { $0.accessPoint < $1.accessPoint }
  }

  /// The fields of the APs at `spot` over `grid` on plan `p`: the model's mean power plus the
  /// drawn shadowing, or where `survey` heard an AP, plus what it heard there
  /// (`ShadowingEvidence`) and the drawn shadowing scaled to the variance that leaves.
  func fields(
    of spot: Spot, on p: Int, grid: FieldGrid, isHeavy: [Bool], root: RandomGenerator
  ) throws(RandomnessError) -> [Audible] {
    let plan = plans.plans[p]
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
          values[r * grid.columns + c] = Float(
            model.meanPower(
              referencePower: ap.referencePower,
              horizontalDistance: grid.node(column: c, row: r).distance(to: ap.position),
              floors: floors, lightWalls: Int(walls.light[r * grid.columns + c]),
              heavyWalls: Int(walls.heavy[r * grid.columns + c]), band: ap.band))
        }
      }
      if let evidence = evidence(accessPoint: a, plan: p, means: values, grid: grid) {
        let (mean, remaining) = evidence.estimates(over: grid)
        for i in values.indices { values[i] += mean[i] + remaining[i].squareRoot() * shadow[i] }
      } else {
        for i in values.indices { values[i] += shadow[i] }
      }
      return Audible(
        accessPoint: a, field: RadioField(grid: grid, values: values, keepingAbove: cutoff))
    }
  }

  /// What `survey` says of AP `a`'s shadowing on plan `p`, whose model means over `grid` are
  /// `means`: each surveyed cell's mean reading less the model's there; nil where it never
  /// heard the AP.
  func evidence(accessPoint a: Int, plan p: Int, means: [Float], grid: FieldGrid)
    -> ShadowingEvidence?
  {
    guard let cells = survey?.cells(plan: p, accessPoint: a), !cells.isEmpty else { return nil }
    let model = RadioField(
      grid: grid, column: 0, row: 0, columns: grid.columns, rows: grid.rows, values: means)
    let places = cells.compactMap { cell -> ShadowingEvidence.Place? in
      model.value(at: cell.point).map {
        ShadowingEvidence.Place(
          point: cell.point,
          residual: self.model.impliedShadowing(reading: cell.rssi, mean: Double($0)),
          readings: cell.readings)
      }
    }
    return ShadowingEvidence(places: places, model: self.model)
  }
}
