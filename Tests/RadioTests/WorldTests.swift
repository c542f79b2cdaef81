import FingerpostCore
import FloorPlans
import Geometry
import Radio
import Randomness
import Testing

@Suite struct WorldTests {
  let world = Fixtures.lightWorld

  @Test func placementFollowsTheDensityAndStaysWalkable() {
    for (p, plan) in Fixtures.office.plans.enumerated() {
      let onPlan = world.accessPoints.filter { $0.floor.index == p }
      let expected = Int((plan.walkableArea * 0.15 / 100).rounded())
      #expect(onPlan.count == 2 * expected)  // one radio per band
      #expect(onPlan.allSatisfy { plan.isWalkable($0.position) })
      let spots = Array(Set(onPlan.map(\.position)))
      for (i, a) in spots.enumerated() {
        for b in spots[(i + 1)...] {
          #expect(a.distance(to: b) > 8, "APs \(a) and \(b) are crowded")
        }
      }
    }
    #expect(Set(world.accessPoints.map(\.bssid)).count == world.accessPoints.count)
  }

  @Test func signalFallsWithDistanceWallsAndFloors() throws {
    let a = try #require(
      world.accessPoints.firstIndex { $0.floor.index == 0 && $0.band == .ghz2_4 })
    let ap = world.accessPoints[a]
    let near = try #require(try world.meanRSSI(accessPoint: a, floor: FloorID(0), at: ap.position))
    let upstairs = try #require(
      try world.meanRSSI(accessPoint: a, floor: FloorID(1), at: ap.position))
    // Same spot, one floor up: 17 dB of floor plus 17 dB more path (1.3 m → 4.8 m), less
    // three standard deviations of the two independent shadowing draws (√2 · 6 dB).
    let gap = near - upstairs
    #expect(gap > 8.5, "floor gap \(gap) dB")
    // Averaged over many points, far points are weaker than near ones.
    let plan = Fixtures.office.plans[0]
    var nearSum = 0.0
    var farSum = 0.0
    var nearCount = 0.0
    var farCount = 0.0
    for r in stride(from: -22.0, through: 22, by: 1.5) {
      for c in stride(from: -29.0, through: 29, by: 1.5) {
        let p = Point(x: c, y: r)
        guard plan.isWalkable(p),
          let v = try world.meanRSSI(accessPoint: a, floor: FloorID(0), at: p)
        else {
          continue
        }
        if p.distance(to: ap.position) < 8 {
          nearSum += v
          nearCount += 1
        }
        if p.distance(to: ap.position) > 25 {
          farSum += v
          farCount += 1
        }
      }
    }
    #expect(nearSum / nearCount - farSum / farCount > 15)
  }

  @Test func shadowingIsSmoothAndReproducible() throws {
    let again = try World(
      plans: Fixtures.office, accessPoints: world.accessPoints, model: Fixtures.lightModel, seed: 11
    )
    let other = try World(
      plans: Fixtures.office, accessPoints: world.accessPoints, model: Fixtures.lightModel, seed: 12
    )
    let p = Point(x: 3.3, y: -9.1)
    #expect(
      try world.meanRSSI(accessPoint: 0, floor: FloorID(0), at: p)
        == again.meanRSSI(accessPoint: 0, floor: FloorID(0), at: p))
    #expect(
      try world.meanRSSI(accessPoint: 0, floor: FloorID(0), at: p)
        != other.meanRSSI(accessPoint: 0, floor: FloorID(0), at: p))
    // Nearby points see similar values (bilinear over a correlated field): 20 cm apart, < 2 dB.
    let q = Point(x: 3.5, y: -9.1)
    #expect(
      abs(
        try world.meanRSSI(accessPoint: 0, floor: FloorID(0), at: p)! - world.meanRSSI(
          accessPoint: 0, floor: FloorID(0), at: q)!) < 2)
  }

  @Test func shadowingFieldHasTheRightSpreadAndCorrelation() throws {
    // A flat, wall-free check: an AP far away on a big empty plan is dominated by shadowing,
    // so instead test the field statistics through two co-located radios' difference.
    let model = Fixtures.lightModel
    var values: [Double] = []
    let a = try #require(world.accessPoints.firstIndex { $0.floor.index == 0 })
    let field = try #require(try world.audible(on: FloorID(0)).first { $0.accessPoint == a }?.field)
    let ap = world.accessPoints[a]
    for r in 0..<field.rows {
      for c in 0..<field.columns {
        let node = field.grid.node(column: field.column + c, row: field.row + r)
        let walls = Fixtures.office.plans[0].wallsCrossed(by: Segment(ap.position, node))
        // Keep only nodes with a clear line, so the residual is shadowing alone.
        guard walls.isEmpty else { continue }
        let mean = model.meanPower(
          referencePower: ap.referencePower, horizontalDistance: node.distance(to: ap.position),
          floors: 0,
          lightWalls: 0, heavyWalls: 0, band: ap.band)
        values.append(Double(field.values[r * field.columns + c]) - mean)
      }
    }
    #expect(values.count > 20)
    let mean = values.reduce(0, +) / Double(values.count)
    let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count))
      .squareRoot()
    #expect(sd > 2 && sd < 10, "shadowing sd \(sd) dB")
  }
}
