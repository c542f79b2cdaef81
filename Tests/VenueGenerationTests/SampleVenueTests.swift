import FloorPlans
import Foundation
import IMDF
import TestSupport
import Testing
import VenueGeneration

@Suite struct SampleVenueTests {
  @Test(arguments: SampleVenue.allCases)
  func committedSampleMatchesTheGenerator(venue: SampleVenue) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gen-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try venue.write(to: folder)
    let committed = URL(fileURLWithPath: RepositoryPaths.sampleVenue(venue.rawValue))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(try FileManager.default.contentsOfDirectory(atPath: committed.path).sorted() == names)
    for name in names {
      let fresh = try Data(contentsOf: folder.appendingPathComponent(name))
      let stored = try Data(contentsOf: committed.appendingPathComponent(name))
      #expect(fresh == stored, "Surveys/\(venue.rawValue)/\(name) is stale: run `make venues`")
    }
  }

  @Test(arguments: SampleVenue.allCases)
  func sampleValidatesWithoutErrorAndIsLargeEnough(venue: SampleVenue) throws {
    let loaded = try VenueLoader.load(path: RepositoryPaths.sampleVenue(venue.rawValue))
    let report = VenueValidator.validate(loaded)
    #expect(report.isValid, "\(report.text)")
    #expect(report.count(.warning) == 0, "\(report.text)")
    let plans = FloorPlanSet(venue: loaded)
    let levels: [SampleVenue: Int] = [.office: 3, .mall: 2, .convention: 4]
    #expect(plans.plans.count == levels[venue])
    for plan in plans.plans {
      let area = plan.outline.area
      #expect(area >= 2500, "level \(plan.ordinal) is \(area) m²")
    }
    #expect(!loaded.occupants.isEmpty)
    #expect(!loaded.amenities.isEmpty)
  }

  /// The convention center is real-venue scale: about 80,000 m² walkable, an outdoor level
  /// sharing the ground's ordinal, many stairs and escalators connecting every indoor level.
  @Test func conventionIsAtRealVenueScale() throws {
    let plans = FloorPlanSet(
      venue: try VenueLoader.load(path: RepositoryPaths.sampleVenue("convention")))
    let walkable = plans.plans.reduce(0) { $0 + $1.walkableArea }
    #expect(walkable > 75_000 && walkable < 90_000, "\(walkable) m²")
    #expect(plans.floors(atOrdinal: 0).count == 2)
    #expect(plans.floors(atOrdinal: 0).contains { plans[$0].buildingIDs.isEmpty })
    let kinds = plans.connectors.map(\.kind)
    #expect(kinds.count { $0 == .stairs } >= 12 && kinds.count { $0 == .escalator } >= 8)
  }
}
