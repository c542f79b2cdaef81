import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Localization
import Testing

@Suite struct BaselineTests {
  @Test func deadReckoningAddsUpStepsFromTheStart() throws {
    let plans = OfficeRadio.plans
    let dr = DeadReckoningLocalizer(
      start: Route.Waypoint(floor: FloorID(1), point: Point(x: 2, y: 3)), plans: plans)
    dr.step(Step(t: 0.5, length: 1, heading: 90))  // east
    dr.step(Step(t: 1.0, length: 2, heading: 0))  // north
    dr.step(Step(t: 1.5, length: .nan, heading: 0))  // a bad step is ignored
    let fix = try #require(dr.fix(at: 2))
    #expect(fix.levelID == plans.plans[1].levelID && fix.ordinal == plans.plans[1].ordinal)
    #expect(fix.position.distance(to: Point(x: 3, y: 5)) < 1e-9)
    #expect(fix.accuracy > 1)
  }
}
