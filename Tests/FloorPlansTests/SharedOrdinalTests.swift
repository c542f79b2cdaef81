import FloorPlans
import Geometry
import IMDF
import TestSupport
import Testing

/// The convention center's outdoor plaza shares ordinal 0 with the building's ground level: a
/// point at that ordinal is on the level it lies on, not on whichever sorts first.
@Suite struct SharedOrdinalTests {
  static let plans = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("convention")))

  @Test func aPointAtASharedOrdinalIsOnTheLevelItLiesOn() throws {
    let plans = Self.plans
    #expect(plans.floors(atOrdinal: 0).count == 2)
    for name in ["Plaza", "Main Foyer", "Exhibition Hall A", "Kiosk 1"] {
      let ref = try plans.unit(named: name)
      let point = plans.unit(ref).anchorPoint
      #expect(plans.floor(atOrdinal: 0, containing: point) == ref.floor, "\(name)")
    }
    // Outside every level: the first floor of the ordinal, as before.
    #expect(
      plans.floor(atOrdinal: 0, containing: Point(x: 5_000, y: 5_000))
        == plans.floors(atOrdinal: 0).first)
    #expect(plans.floor(atOrdinal: 7, containing: .zero) == nil)
  }
}
