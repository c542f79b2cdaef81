import FloorPlans
import Geometry
import Testing

@testable import Radio

@Suite struct WallCountsTests {
  /// Every node's counts equal the walls `FloorPlan.wallsCrossed` finds on its line, for
  /// sources inside rooms, in corridors, on a grid node, on a wall and outside the building.
  @Test(arguments: [
    Point(x: 3.3, y: 5.7), Point(x: 30, y: 20), Point(x: 12, y: 13.5), Point(x: 20, y: 12),
    Point(x: 10, y: 12), Point(x: -4.2, y: 50.1), Point(x: 20, y: 25),
    Point(x: -40, y: 10.5),
  ])
  func countsEqualOneRayPerNode(source: Point) {
    let plan = Fixtures.office.plans[1]
    let grid = FieldGrid(covering: plan.walkableBounds!, spacing: 1)
    let isHeavy = plan.walls.indices.map { $0 % 3 == 0 }
    let counts = WallCounts(from: source, plan: plan, isHeavy: isHeavy, grid: grid)
    var mismatches = 0
    for r in 0..<grid.rows {
      for c in 0..<grid.columns {
        let crossed = plan.wallsCrossed(by: Segment(source, grid.node(column: c, row: r)))
        let heavy = crossed.count { isHeavy[$0] }
        let i = r * grid.columns + c
        if Int(counts.heavy[i]) != heavy || Int(counts.light[i]) != crossed.count - heavy {
          mismatches += 1
        }
      }
    }
    #expect(mismatches == 0)
    #expect(counts.light.contains { $0 > 2 } && counts.heavy.contains { $0 > 0 })
  }
}
