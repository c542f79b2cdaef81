import FloorPlans
import Geometry
import Testing

/// The office frame's origin is the building centre: building x/y = local + (30, 22.5).
func office(_ x: Double, _ y: Double) -> Point { Point(x: x - 30, y: y - 22.5) }

@Suite struct WallTests {
  let plan = Fixtures.office.plans[0]

  @Test func doorsAreGapsInWalls() {
    // Room 0.01 (x 0–10, y 0–12) has its door at x 4.5–5.5 on y = 12.
    #expect(!plan.crossesWall(Segment(office(5, 10), office(5, 14))))
    #expect(plan.crossesWall(Segment(office(2, 10), office(2, 14))))
    #expect(plan.doors.count == 31)
    #expect(plan.doors.allSatisfy { !$0.units.isEmpty })
  }

  @Test func openPlanCorridorsJoinWithoutDoors() {
    // The spine (x 28–32) meets the south corridor (y 12–15) with no door.
    #expect(!plan.crossesWall(Segment(office(30, 13.5), office(30, 20))))
    // Spine ↔ both corridors, and the open-plan reception lobby ↔ the north corridor.
    #expect(plan.portals.count == 3)
    #expect(Fixtures.office.plans[1].portals.count == 2)
    // …but a room beside the spine is walled off from it.
    #expect(plan.crossesWall(Segment(office(27, 18), office(29, 18))))
  }

  @Test func outerWallsHoldAndWallsAreNotDuplicated() {
    #expect(plan.crossesWall(Segment(office(5, 5), office(-5, 5))))
    var seen = Set<[Double]>()
    for wall in plan.walls {
      let key = [wall.a.x, wall.a.y, wall.b.x, wall.b.y].map { ($0 * 100).rounded() }
      let reversed = [key[2], key[3], key[0], key[1]]
      #expect(!seen.contains(key) && !seen.contains(reversed), "duplicate wall \(wall)")
      seen.insert(key)
    }
  }

  @Test func unitLookupAndWalkability() {
    #expect(plan.unit(at: office(5, 5))?.name == "Room 0.01")
    #expect(plan.unit(at: office(30, 20))?.name == "Spine")
    #expect(plan.unit(at: office(-3, 5)) == nil)
    #expect(plan.isWalkable(office(13, 13)))
    #expect(abs(plan.walkableArea - 2700) < 1)
  }

  @Test func theEntranceCrossesNoWallButLeadsOffThePlan() {
    // The main entrance is an opening in the north outline (y = 45) at x 24–26.
    let out = Segment(office(25, 44), office(25, 47))
    #expect(!plan.crossesWall(out))
    #expect(!plan.allowsMove(out))
    #expect(plan.allowsMove(Segment(office(25, 44), office(25, 42))))
    // Through the outline beside the entrance: a wall.
    #expect(!plan.allowsMove(Segment(office(20, 44), office(20, 47))))
  }

  @Test func openToBelowIsNotWalkable() {
    let upper = Fixtures.mall.plans[1]
    let ground = Fixtures.mall.plans[0]
    // The atrium is x 30–50, y 20–40 in a frame centred at (40, 30).
    #expect(upper.unit(at: Point(x: 0, y: 0))?.category == "opentobelow")
    #expect(!upper.isWalkable(Point(x: 0, y: 0)))
    #expect(ground.isWalkable(Point(x: 0, y: 0)))
    #expect(upper.unit(at: Point(x: -34, y: -24))?.category == "nonpublic")  // service corner
  }
}
