import FloorPlans
import IMDF
import TestSupport
import Testing

@Suite(.enabled(if: RepositoryPaths.polymap != nil, "../shared/data/imdf-polymap is absent"))
struct PolyMapPlanTests {
  @Test func derivesEightPlansConnectorsAndRoutesAcrossFloors() throws {
    let venue = try VenueLoader.load(path: RepositoryPaths.polymap!)
    let set = FloorPlanSet(venue: venue)
    #expect(set.plans.count == 8)
    #expect(set.plans.reduce(0) { $0 + $1.units.count } == 443)
    #expect(set.connectors.filter { $0.kind == .stairs }.count >= 40)
    #expect(set.connectors.contains { $0.kind == .elevator })
    // Building No 3 spans ordinals 1–5: route from its ground floor to its top floor.
    let building3 = set.plans.first { $0.ordinal == 5 }!.buildingIDs
    let low = set.plans.firstIndex { $0.ordinal == 1 && $0.buildingIDs == building3 }!
    let high = set.plans.firstIndex { $0.ordinal == 5 }!
    let a = UnitRef(plan: low, unit: set.plans[low].units.firstIndex { $0.category == "walkway" }!)
    let b = UnitRef(
      plan: high, unit: set.plans[high].units.firstIndex { $0.category == "walkway" }!)
    let route = try Router(set).route(from: a, to: b)
    #expect(route.levelChanges.count == 4)
  }
}
