import FloorPlans
import IMDF
import TestSupport

/// The committed sample venues as floor plans, loaded once.
enum Fixtures {
  static let office = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office")))
  static let mall = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("mall")))

  /// The unit named `name` on the plan at `ordinal`.
  static func unit(_ set: FloorPlanSet, _ name: String, ordinal: Int) -> UnitRef {
    let p = set.plans.firstIndex { $0.ordinal == ordinal }!
    return UnitRef(floor: FloorID(p), unit: set.plans[p].units.firstIndex { $0.name == name }!)
  }
}
