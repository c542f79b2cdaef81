import FloorPlans
import Geometry
import Testing

@Suite struct RouterTests {
  /// Every straight leg of a route must stay clear of walls.
  func expectLegal(
    _ route: Route, _ set: FloorPlanSet, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (a, b) in zip(route.waypoints, route.waypoints.dropFirst()) where a.floor == b.floor {
      #expect(
        !set[a.floor].crossesWall(Segment(a.point, b.point)),
        "leg \(a.point) → \(b.point) crosses a wall", sourceLocation: sourceLocation)
    }
  }

  @Test func officeRouteClimbsTwoFloorsByStairs() throws {
    let set = Fixtures.office
    let route = try Router(set).route(
      from: Fixtures.unit(set, "Room 0.01", ordinal: 0),
      to: Fixtures.unit(set, "Room 2.52", ordinal: 2))
    #expect(route.levelChanges.map(\.kind) == [.stairs, .stairs])
    #expect(route.legs.first.map { set[$0.floor].ordinal } == 0)
    #expect(route.legs.last.map { set[$0.floor].ordinal } == 2)
    // Straight-line lower bound is about 20 m; the walk goes via stair core A and corridors.
    #expect(route.walkingDistance > 40 && route.walkingDistance < 100)
    expectLegal(route, set)
  }

  @Test func sameFloorRouteLeavesByTheDoor() throws {
    let set = Fixtures.office
    let router = Router(set)
    let a = Fixtures.unit(set, "Room 0.01", ordinal: 0)
    let b = Fixtures.unit(set, "Room 0.02", ordinal: 0)
    let route = try router.route(from: a, to: b)
    #expect(route.levelChanges.isEmpty)
    // Centres are 10 m apart through a wall; the walk goes out and back in: 6 + 10 + 6 m or so.
    #expect(route.walkingDistance > 18 && route.walkingDistance < 26)
    expectLegal(route, set)
  }

  @Test func mallRouteRidesAnEscalatorOrTheElevator() throws {
    let set = Fixtures.mall
    let route = try Router(set).route(
      from: Fixtures.unit(set, "Shop G.01", ordinal: 0),
      to: Fixtures.unit(set, "Shop 1.07", ordinal: 1))
    #expect(route.levelChanges.count == 1)
    #expect([ConnectorKind.escalator, .elevator].contains(route.levelChanges[0].kind))
    expectLegal(route, set)
  }

  @Test func everyOfficeRoomIsReachableFromReception() throws {
    let set = Fixtures.office
    let router = Router(set)
    let reception = Fixtures.unit(set, "Reception", ordinal: 0)
    for (p, plan) in set.plans.enumerated() {
      for u in plan.walkableUnits {
        let route = try router.route(from: reception, to: UnitRef(floor: FloorID(p), unit: u))
        expectLegal(route, set)
      }
    }
  }

  @Test func pointsOutsideWalkableSpaceAreRefused() {
    let set = Fixtures.mall
    #expect(throws: Router.Failure.self) {
      try Router(set).route(
        from: Route.Waypoint(floor: FloorID(1), point: .zero),
        to: Route.Waypoint(floor: FloorID(1), point: Point(x: 0, y: -15)))
    }
  }
}
