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

  @Test func truthDrawnAboutAnotherOriginIsCarriedIntoTheVenuesFrame() throws {
    let plans = FloorPlanSet(
      venue: try VenueLoader.load(path: RepositoryPaths.sampleVenue("convention")))
    let foyer = try plans.unit(named: "Main Foyer")
    let point = plans.unit(foyer).anchorPoint
    // The same place, written about an origin 100 m east and 50 m north of the venue's.
    let origin = plans.frame.coordinate(for: Point(x: 100, y: 50))
    let shifted = LocalFrame(origin: origin).point(for: plans.frame.coordinate(for: point))
    let text = [
      StreamEncoder.line(
        .meta(Meta(venue: nil, seed: nil, generator: "test", origin: origin))),
      StreamEncoder.line(
        .truth(TruthSample(t: 0, ordinal: 0, position: shifted, unitID: plans.unit(foyer).id))),
      StreamEncoder.line(.step(Step(t: 0.5, length: 0.7, heading: 90))),
    ].joined(separator: "\n")
    let walk = try Walk(
      stream: text, file: "walk.ndjson", plans: plans, knownStart: true, seed: 1, warn: { _ in })
    #expect(shifted.distance(to: point) > 100)
    #expect(walk.truth[0].position.distance(to: point) < 0.01)
    #expect(try #require(walk.start).point.distance(to: point) < 0.01)
  }

  /// An event at t = 1e300, or days after the one before it, is a bad line (named, skipped):
  /// kept, it had `fingerpost replay` write a fix every half second until then, without end.
  @Test func anEventFarFromTheOthersIsABadLineNotAWalkWithoutEnd() throws {
    let plans = FloorPlanSet(
      venue: try VenueLoader.load(path: RepositoryPaths.sampleVenue("convention")))
    let point = plans.unit(try plans.unit(named: "Main Foyer")).anchorPoint
    let text = [
      StreamEncoder.line(.truth(TruthSample(t: 0, ordinal: 0, position: point))),
      StreamEncoder.line(.step(Step(t: 0.5, length: 0.7, heading: 90))),
      StreamEncoder.line(.step(Step(t: 1e300, length: 0.7, heading: 90))),
      StreamEncoder.line(.step(Step(t: 1, length: 0.7, heading: 90))),
      StreamEncoder.line(.step(Step(t: 1 + 2 * Walk.gapLimit, length: 0.7, heading: 90))),
      StreamEncoder.line(.step(Step(t: 1.5, length: 0.7, heading: 90))),
    ].joined(separator: "\n")
    var warnings: [String] = []
    let walk = try Walk(
      stream: text, file: "walk.ndjson", plans: plans, knownStart: true, seed: 1,
      warn: { warnings.append($0) })
    #expect(walk.steps.map(\.t) == [0.5, 1, 1.5])
    #expect(walk.duration == 1.5)
    #expect(walk.badLines == 2)
    #expect(warnings.count == 2)
    #expect(warnings.first?.contains("walk.ndjson:3: t:") == true)
    #expect(warnings.last?.contains("walk.ndjson:5: t:") == true)
  }
}
