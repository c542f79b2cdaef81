import EventStream
import FingerpostCore
import FloorPlans
import Geometry
import IMDF
import Replay
import Simulation
import TestSupport
import Testing

/// A recorded walk starts on the level its first truth record is on, even when an outdoor level
/// shares that ordinal and sorts first (the convention center's plaza and ground level).
@Suite struct WalkStreamTests {
  @Test func theStartIsOnTheLevelOfTheFirstTruthNotTheFirstOfItsOrdinal() throws {
    let plans = FloorPlanSet(
      venue: try VenueLoader.load(path: RepositoryPaths.sampleVenue("convention")))
    let foyer = try plans.unit(named: "Main Foyer")
    let point = plans.unit(foyer).anchorPoint
    for unitID in [plans.unit(foyer).id, nil] {
      let truth = TruthSample(t: 0, ordinal: 0, position: point, unitID: unitID)
      let text = [
        StreamEncoder.line(.truth(truth)),
        StreamEncoder.line(.step(Step(t: 0.5, length: 0.7, heading: 90))),
      ].joined(separator: "\n")
      let walk = try Walk(
        stream: text, file: "walk.ndjson", plans: plans, knownStart: true, seed: 1,
        warn: { _ in })
      #expect(walk.start?.floor == foyer.floor)
      #expect(plans.floors(atOrdinal: 0).first != foyer.floor, "the plaza sorts first")
    }
  }
}
