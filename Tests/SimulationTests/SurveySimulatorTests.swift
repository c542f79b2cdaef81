import Fingerprints
import FloorPlans
import Foundation
import IMDF
import Radio
import Simulation
import TestSupport
import Testing

@Suite struct SurveySimulatorTests {
  static let office = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office")))
  static let world: World = {
    var model = PropagationModel()
    model.gridSpacing = 2
    let aps = AccessPointPlacement(density: 0.15).place(in: office, model: model)
    return try! World(plans: office, accessPoints: aps, model: model, seed: 3)
  }()

  @Test func coveragePathVisitsEveryWalkableUnit() {
    let set = Self.office
    let path = CoveragePath(plan: 0, in: set, router: Router(set), spacing: 4)
    #expect(Set(path.stops.map(\.unit)) == Set(set.plans[0].walkableUnits))
    #expect(path.stops.allSatisfy { set.plans[0].isWalkable($0.point) })
    // A 2,700 m² floor at 4 m spacing: roughly one stop per 16 m², plus one per small unit.
    #expect(path.stops.count > 120 && path.stops.count < 260)
    // Walking never goes through walls: routed legs are at least the straight distance.
    for (a, b) in zip(path.stops, path.stops.dropFirst()) {
      #expect(b.walked >= a.point.distance(to: b.point) - 1e-9)
    }
  }

  @Test func surveysAreReproducibleAndTagged() throws {
    let simulator = SurveySimulator(world: Self.world, spacing: 6, scansPerStop: 1)
    let a = try simulator.run(seed: 9, venueName: "office")
    let b = try simulator.run(seed: 9, venueName: "office")
    let c = try simulator.run(seed: 10, venueName: "office")
    #expect(a.records == b.records)
    #expect(a.records != c.records)
    #expect(Set(a.records.compactMap(\.ordinal)) == [0, 1, 2])
    #expect(a.records.allSatisfy { $0.levelID != nil && $0.position != nil })
    #expect(zip(a.records, a.records.dropFirst()).allSatisfy { $0.scan.time < $1.scan.time })
    #expect(a.header?.origin == Self.office.frame.origin)
  }

  @Test(arguments: ["office", "mall"])
  func committedSurveysAreCleanAndCoverEveryUnit(name: String) throws {
    let url = RepositoryPaths.root.appendingPathComponent("Surveys/\(name).survey.ndjson")
    let survey = try SurveyFile(contentsOf: url)
    #expect(survey.problems.isEmpty)
    #expect(survey.header?.venue == name)
    let set = FloorPlanSet(venue: try VenueLoader.load(path: RepositoryPaths.sampleVenue(name)))
    for (p, plan) in set.plans.enumerated() {
      let here = survey.records.filter { $0.levelID == plan.levelID }
      let visited = Set(here.compactMap { $0.position.flatMap(plan.unitIndex(at:)) })
      #expect(visited == Set(plan.walkableUnits), "plan \(p) has unsurveyed units")
      #expect(here.allSatisfy { !$0.scan.readings.isEmpty })
    }
  }

  @Test func scansAtGivenStopsFollowThem() throws {
    let simulator = SurveySimulator(world: Self.world, spacing: 6, scansPerStop: 1)
    let walk = try simulator.run(seed: 9, venueName: "office").records.prefix(40)
    let stops = walk.map { record -> SurveySimulator.Stop in
      (record.floor(in: Self.office)!, record.position!, record.scan.time + 100)
    }
    let survey = try simulator.scans(at: stops, seed: 4, venueName: "office", source: "test")
    #expect(survey.records.count == stops.count)
    for (record, stop) in zip(survey.records, stops) {
      #expect(record.position == stop.point && record.scan.time == stop.time)
      #expect(record.levelID == Self.office[stop.floor].levelID)
    }
    #expect(survey.records.contains { !$0.scan.readings.isEmpty })
    let again = try simulator.scans(at: stops, seed: 4, venueName: "office", source: "test")
    #expect(again.records == survey.records)
  }
}
