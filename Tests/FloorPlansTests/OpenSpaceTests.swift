import FloorPlans
import IMDF
import TestSupport
import Testing

/// The part of a level's outline that no unit covers: the open walkway of venues that do not
/// draw their corridors as units.
@Suite struct OpenSpaceTests {
  @Test func aLevelCoveredByItsUnitsHasNoUncoveredArea() throws {
    let archive = try TemporaryArchive(MiniVenue.files)
    defer { archive.remove() }
    let plans = FloorPlanSet(venue: try VenueLoader.load(path: archive.path))
    #expect(plans.plans[0].uncoveredArea == 0)
  }

  @Test func anOutlineLargerThanItsUnitsHasTheDifferenceUncovered() throws {
    // The rooms fill 20 m × 10 m; the level's outline reaches 4 m further north: 80 m².
    var files = MiniVenue.files
    files["level.geojson"] = files["level.geojson"]!.replacingOccurrences(
      of: MiniVenue.ring(0, 0, 20, 10), with: MiniVenue.ring(0, 0, 20, 14))
    let archive = try TemporaryArchive(files)
    defer { archive.remove() }
    let plans = FloorPlanSet(venue: try VenueLoader.load(path: archive.path))
    #expect(abs(plans.plans[0].uncoveredArea - 80) <= 2)
    let summary = VenueSummary(venue: try VenueLoader.load(path: archive.path), plans: plans)
    #expect(abs(summary.levels[0].uncoveredArea - 80) <= 2)
  }

  @Test func theSampleOfficeIsDrawnWholeInUnits() {
    #expect(Fixtures.office.plans.allSatisfy { $0.uncoveredArea < 1 })
  }
}
