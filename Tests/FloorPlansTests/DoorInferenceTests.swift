import FloorPlans
import Geometry
import IMDF
import TestSupport
import Testing

/// Venues drawn without openings (as CAD and GIS exports often are) get inferred doors.
@Suite struct DoorInferenceTests {
  /// The sample office with every opening removed, and with one room's opening kept.
  static func withoutOpenings(keeping kept: Set<String> = []) throws -> FloorPlanSet {
    var venue = try VenueLoader.load(path: RepositoryPaths.sampleVenue("office"))
    venue.openings.removeAll { !kept.contains($0.id) }
    return FloorPlanSet(venue: venue)
  }

  @Test func everyEnclosedRoomGetsOneDoorOnItsCorridor() throws {
    let plans = try Self.withoutOpenings()
    let plan = plans.plans[0]
    let inferred = plan.doors.filter(\.isInferred)
    // Every walkable room that is not open-plan, and nothing else.
    let enclosed = plan.walkableUnits.filter { !plan.units[$0].kind.isOpenPlan }
    #expect(inferred.count == enclosed.count)
    #expect(Set(inferred.flatMap(\.units)).isSuperset(of: enclosed))
    for door in inferred {
      #expect(abs(door.segment.length - 1.0) < 1e-6)
      // Each joins its room to circulation (a walkway), not to the next room.
      #expect(door.units.count == 2)
      #expect(door.units.contains { plan.units[$0].kind.isOpenPlan })
    }
    // Room 0.01 (x 0–10, y 0–12) meets the south corridor along y = 12: its door is there.
    let room = Fixtures.unit(Fixtures.office, "Room 0.01", ordinal: 0).unit
    let door = try #require(inferred.first { $0.units.contains(room) })
    #expect(abs(door.segment.midpoint.y - office(0, 12).y) < 0.31)
    #expect(
      !plan.crossesWall(
        Segment(
          door.segment.midpoint + Point(x: 0, y: -1),
          door.segment.midpoint + Point(x: 0, y: 1))))
    // Elsewhere the wall holds.
    #expect(plan.crossesWall(Segment(office(2, 10), office(2, 14))))
  }

  @Test func everyRoomCanBeRoutedToWithoutOpenings() throws {
    let plans = try Self.withoutOpenings()
    let router = Router(plans)
    let from = Fixtures.unit(plans, "Reception", ordinal: 0)
    for (p, plan) in plans.plans.enumerated() {
      for u in plan.walkableUnits where plan.units[u].kind.connector == nil {
        _ = try router.route(from: from, to: UnitRef(floor: FloorID(p), unit: u))
      }
    }
    let destinations = plans.plans.indices.flatMap { p in
      plans.plans[p].walkableUnits.map { UnitRef(floor: FloorID(p), unit: $0) }
    }
    #expect(router.graph.connectedGroups(of: destinations).count == 1)
  }

  @Test func drawnOpeningsAreKeptAndNotDoubled() throws {
    let drawn = Fixtures.office.plans[0]
    #expect(drawn.doors.allSatisfy { !$0.isInferred })
    // A room whose opening is drawn keeps it; the others are inferred.
    let venue = try VenueLoader.load(path: RepositoryPaths.sampleVenue("office"))
    let room = Fixtures.unit(Fixtures.office, "Room 0.01", ordinal: 0).unit
    let opening = try #require(drawn.doors.first { $0.units.contains(room) }).id
    let plan = try Self.withoutOpenings(keeping: [opening]).plans[0]
    #expect(plan.doors.filter { $0.units.contains(room) }.map(\.id) == [opening])
    #expect(plan.doors.count(where: \.isInferred) == plan.doors.count - 1)
    #expect(venue.openings.count > plan.doors.count(where: { !$0.isInferred }))
  }

  @Test func validationAndInfoSaySo() throws {
    let plans = try Self.withoutOpenings()
    let findings = plans.findings.filter { $0.message.contains("inferred") }
    #expect(findings.count == plans.plans.count)
    #expect(findings.allSatisfy { $0.severity == .info && $0.file == "level.geojson" })
    let count = plans.plans[0].doors.count(where: \.isInferred)
    #expect(findings.contains { $0.message.hasPrefix("\(count) units that no opening reaches") })
    #expect(Fixtures.office.findings.allSatisfy { !$0.message.contains("inferred") })
  }
}

/// Units stacked on one another by the hundred make deriving walls quadratic: the work stops
/// at a budget and the level says so.
@Suite struct StackedUnitsTests {
  @Test func aLevelOfStackedRoomsStopsAtTheBudgetAndSaysSo() throws {
    let folder = try TemporaryFolder("stacked")
    defer { folder.remove() }
    let path = try StackedVenue.write(copies: 600, to: folder.appending("venue"))
    let venue = try VenueLoader.load(path: path.path)
    let plans = FloorPlanSet(venue: venue)
    let stacked = try #require(plans.plans.first { $0.ordinal == 0 })
    #expect(stacked.wallsIncomplete)
    #expect(plans.plans.filter(\.wallsIncomplete).count == 1)
    let errors = plans.findings.filter { $0.severity == .error }
    #expect(errors.count == 1 && errors[0].featureID == stacked.levelID)
    #expect(errors[0].message.contains("overlap one another too many times over"))
    #expect(Fixtures.office.plans.allSatisfy { !$0.wallsIncomplete })
  }
}
