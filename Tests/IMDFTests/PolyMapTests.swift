import IMDF
import TestSupport
import Testing

/// The real PolyMap venue from `../shared/data`; skipped when the folder is absent.
@Suite(.enabled(if: RepositoryPaths.polymap != nil, "../shared/data/imdf-polymap is absent"))
struct PolyMapTests {
  @Test func loadsWithThePublishedCounts() throws {
    let venue = try VenueLoader.load(path: RepositoryPaths.polymap!)
    #expect(venue.levels.count == 8)
    #expect(venue.units.count == 443)
    #expect(venue.openings.count == 472)
    #expect(venue.buildings.count == 80)
    #expect(venue.amenities.count == 37)
    #expect(venue.anchors.count == 445)
    #expect(venue.occupants.count == 264)
    #expect(venue.details.count == 187)
    let classroom = try #require(venue.units.first { $0.name?.values["ru"] != nil })
    #expect(classroom.name?.text(preferring: "ru") != classroom.name?.text(preferring: "en"))
  }

  @Test func reportsExtensionsAsIgnoredAndOpeningsAsMislabelled() throws {
    let venue = try VenueLoader.load(path: RepositoryPaths.polymap!)
    #expect(
      Set(venue.ignoredFiles).isSuperset(of: [
        "attraction.geojson", "enviroment.geojson", "enviromentAmenity.geojson", "navPath.geojson",
        "navPathAssocieted.geojson",
      ]))
    let report = VenueValidator.validate(venue)
    let mislabelled = report.findings.filter {
      $0.file == "opening.geojson" && $0.severity == .warning
        && $0.message.contains("probably mislabelled")
    }
    #expect(mislabelled.count == 472)
    #expect(venue.openings.allSatisfy { $0.extraProperties["unit_categoty"] != nil })
    #expect(
      report.findings.contains { $0.file == "level.geojson" && $0.message.contains("\"arrivals\"") }
    )
  }
}
