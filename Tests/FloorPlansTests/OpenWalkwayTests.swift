import Geometry
import IMDF
import TestSupport
import Testing

@testable import FloorPlans

/// The part of a level's outline that no unit covers: the open walkway of venues that do not
/// draw their corridors as units, walked like any corridor.
@Suite struct OpenWalkwayTests {
  static func corridor() throws -> FloorPlanSet {
    let archive = try TemporaryArchive(CorridorVenue.files)
    defer { archive.remove() }
    return FloorPlanSet(venue: try VenueLoader.load(path: archive.path))
  }

  /// The venue-frame point of (`x`, `y`) in the fixture's metres (South 1's centre is (5, 2.5)).
  static func at(_ x: Double, _ y: Double, in plan: FloorPlan) -> Point {
    let centre = plan.units[plan.unitIndex(id: CorridorVenue.rooms[0])!].anchorPoint
    return Point(x: centre.x - 5 + x, y: centre.y - 2.5 + y)
  }

  @Test func aLevelCoveredByItsUnitsHasNoWalkway() throws {
    let archive = try TemporaryArchive(MiniVenue.files)
    defer { archive.remove() }
    let plans = FloorPlanSet(venue: try VenueLoader.load(path: archive.path))
    #expect(plans.plans[0].walkway == nil)
    #expect(plans.plans[0].walkwayArea == 0)
    #expect(Fixtures.office.plans.allSatisfy { $0.walkway == nil })
    #expect(Fixtures.mall.plans.allSatisfy { $0.walkway == nil })
  }

  @Test func anOutlineLargerThanItsUnitsHasTheDifferenceAsWalkway() throws {
    // The rooms fill 20 m × 10 m; the level's outline reaches 4 m further north: 80 m².
    var files = MiniVenue.files
    files["level.geojson"] = files["level.geojson"]!.replacingOccurrences(
      of: MiniVenue.ring(0, 0, 20, 10), with: MiniVenue.ring(0, 0, 20, 14))
    let archive = try TemporaryArchive(files)
    defer { archive.remove() }
    let venue = try VenueLoader.load(path: archive.path)
    let plans = FloorPlanSet(venue: venue)
    #expect(abs(plans.plans[0].walkwayArea - 80) <= 2)
    let summary = VenueSummary(venue: venue, plans: plans)
    #expect(abs(summary.levels[0].walkwayArea - 80) <= 2)
    #expect(summary.levels[0].units == 2)
    #expect(summary.text.contains("open walkway m²"))
  }

  @Test func theUndrawnCorridorIsAWalkwayUnitAndTheThinBandIsNot() throws {
    let plan = try Self.corridor().plans[0]
    let walkway = try #require(plan.walkway)
    // The corridor is 30 m × 2 m; the 0.3 m band west of the rooms is wall, not passage.
    #expect(abs(walkway.area - 60) <= 2)
    #expect(walkway.uncoveredArea > walkway.area + 2)
    let u = try #require(plan.unitIndex(at: Self.at(15, 6, in: plan)))
    #expect(plan.units[u].isDerived && plan.units[u].category == "walkway")
    #expect(abs(plan.units[u].area - walkway.area) < 1e-9)
    #expect(plan.unitIndex(at: Self.at(-0.15, 3, in: plan)) == nil)
    #expect(
      plan.unitIndex(at: Self.at(5, 2, in: plan)).map { plan.units[$0].id }
        == CorridorVenue.rooms[0])
    #expect(plan.isWalkable(Self.at(29.9, 5.1, in: plan)))
  }

  @Test func wallsCloseTheRoomsAndOpenTheDoorsAndTheLobby() throws {
    let plan = try Self.corridor().plans[0]
    // Along the corridor, and from it into the lobby (open-plan): no wall.
    #expect(!plan.crossesWall(Segment(Self.at(1, 6, in: plan), Self.at(33, 6, in: plan))))
    // Through a room's side onto the corridor: a wall; through its door: none.
    #expect(plan.crossesWall(Segment(Self.at(12, 6, in: plan), Self.at(12, 4, in: plan))))
    #expect(plan.crossesWall(Segment(Self.at(12, 6, in: plan), Self.at(12, 8, in: plan))))
    #expect(!plan.crossesWall(Segment(Self.at(15, 6, in: plan), Self.at(15, 4, in: plan))))
    // Out of the outline at the corridor's west end: a wall.
    #expect(plan.crossesWall(Segment(Self.at(1, 6, in: plan), Self.at(-1, 6, in: plan))))
    // Every door joins its room and the walkway.
    let walkway = plan.units.count - 1
    #expect(plan.doors.count == 6)
    #expect(plan.doors.allSatisfy { $0.units.count == 2 && $0.units.contains(walkway) })
  }

  @Test func roomsOnAnUndrawnCorridorReachEachOther() throws {
    let set = try Self.corridor()
    let router = Router(set)
    let from = try #require(set.unitRef(id: CorridorVenue.rooms[0]))
    for id in CorridorVenue.rooms.dropFirst() + [CorridorVenue.lobby] {
      let route = try router.route(from: from, to: try #require(set.unitRef(id: id)))
      for (a, b) in zip(route.waypoints, route.waypoints.dropFirst()) {
        #expect(!set[a.floor].crossesWall(Segment(a.point, b.point)))
      }
      // Out of the door, along the corridor, in at the other door: never more than 40 m.
      #expect(route.walkingDistance < 40)
    }
    // South 1 to North 3 at (25, 9.5): 2.5 m to the door, about 20 m along, 2.5 m in.
    let far = try router.route(
      from: from, to: try #require(set.unitRef(id: CorridorVenue.rooms[5])))
    #expect(far.walkingDistance > 22 && far.walkingDistance < 30)
  }

  @Test func anEdgeReachingFarOutsideIsTestedOnlyNearTheWalkway() throws {
    let plan = try Self.corridor().plans[0]
    let walkway = try #require(plan.walkway)
    // The corridor's south side (y = 5 m, 30 m long), drawn 20,000 km long: 80 million pieces,
    // of which only those near the raster are tested (a stray coordinate cost minutes).
    let edge = Segment(Self.at(-1e7, 5, in: plan), Self.at(1e7, 5, in: plan))
    let pieces = Int((edge.length / OpenWalkway.step).rounded(.up))
    let tested = try #require(walkway.testedPieces(of: edge, pieces: pieces))
    #expect(tested.count < 400 && tested.count * 1000 < pieces)
    let boundary = walkway.boundary(along: [edge])
    #expect(abs(boundary.map(\.length).reduce(0, +) - 30) <= 1)
    // An edge that stays far away is not tested at all.
    let away = Segment(Self.at(-1e7, 1e5, in: plan), Self.at(1e7, 1e5, in: plan))
    #expect(walkway.testedPieces(of: away, pieces: pieces) == nil)
  }

  @Test func geometryOnAnotherContinentIsCutOffAtTheVenue() throws {
    // The level's second vertex 3,000 km east (a stray coordinate): the plan keeps what lies
    // within the venue's outline and 50 m, so nothing derived from it spans a continent.
    var files = MiniVenue.files
    let d = MiniVenue.d
    let stray = "[[0,0],[\(3_000_000 * d),0],[\(20 * d),\(10 * d)],[0,\(10 * d)],[0,0]]"
    files["level.geojson"] = files["level.geojson"]!.replacingOccurrences(
      of: MiniVenue.ring(0, 0, 20, 10), with: stray)
    let archive = try TemporaryArchive(files)
    defer { archive.remove() }
    let plans = FloorPlanSet(venue: try VenueLoader.load(path: archive.path))
    let outline = try #require(plans.plans[0].outline.bounds)
    // The venue's outline spans 30 m x 20 m: the level keeps at most that and 50 m each way.
    #expect(outline.width < 30 + 2 * Venue.outlineMargin + 1)
    #expect(plans.plans[0].units.filter { !$0.isDerived }.count == 2)
  }
}
