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
    #expect(plans.plans.count == (venue == .office ? 3 : 2))
    for plan in plans.plans {
      let area = plan.outline.area
      #expect(area >= 2500, "level \(plan.ordinal) is \(area) m²")
    }
    #expect(!loaded.occupants.isEmpty)
    #expect(!loaded.amenities.isEmpty)
  }
}
