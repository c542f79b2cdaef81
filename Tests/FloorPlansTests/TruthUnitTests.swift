import FingerpostCore
import FloorPlans
import Geometry
import IMDF
import TestSupport
import Testing

/// A recorded walk's truth names the unit each sample stands in, as a simulated walk's does, so
/// that scoring can judge unit hits.
@Suite struct TruthUnitTests {
  @Test func samplesAreLabelledWithTheUnitOrWalkwayAtTheirPosition() throws {
    let plans = try OpenWalkwayTests.corridor()
    let plan = plans.plans[0]
    let room = OpenWalkwayTests.at(5, 2, in: plan)
    let corridor = OpenWalkwayTests.at(15, 6, in: plan)
    let outside = Point(x: room.x - 500, y: room.y)
    let truth = [
      TruthSample(t: 0, ordinal: plan.ordinal, position: room),
      TruthSample(t: 1, ordinal: plan.ordinal, position: corridor),
      TruthSample(t: 2, ordinal: plan.ordinal, position: outside),
      TruthSample(t: 3, ordinal: plan.ordinal, position: corridor, unitID: "given"),
    ]
    let labelled = plans.labellingUnits(truth)
    #expect(labelled[0].unitID == CorridorVenue.rooms[0])
    #expect(labelled[1].unitID == OpenWalkway.unitID(levelID: plan.levelID))
    #expect(labelled[2].unitID == nil)
    #expect(labelled[3].unitID == "given")
    #expect(labelled.map(\.position) == truth.map(\.position))
  }

  @Test func positionsInAnotherFrameAreCarriedIntoTheVenuesBeforeTheLookup() throws {
    let plans = try OpenWalkwayTests.corridor()
    let plan = plans.plans[0]
    let room = OpenWalkwayTests.at(5, 2, in: plan)
    // A frame whose origin lies 100 m east of the venue's: the room is 100 m further west in it.
    let shifted = LocalFrame(origin: plans.frame.coordinate(for: Point(x: 100, y: 0)))
    let there = shifted.point(room, from: plans.frame)
    #expect(abs(there.x - (room.x - 100)) < 0.01)
    let labelled = plans.labellingUnits(
      [TruthSample(t: 0, ordinal: plan.ordinal, position: there)], frame: shifted)
    #expect(labelled[0].unitID == CorridorVenue.rooms[0])
    #expect(labelled[0].position == there)
    #expect(
      plans.labellingUnits([TruthSample(t: 0, ordinal: plan.ordinal, position: there)])[0].unitID
        != CorridorVenue.rooms[0])
  }
}
