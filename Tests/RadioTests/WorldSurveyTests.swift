import FloorPlans
import Foundation
import Geometry
import Testing

@testable import Radio

/// A world conditioned on a survey keeps what the survey heard where it went, and draws its
/// shadowing as before far from it.
@Suite struct WorldSurveyTests {
  /// The light office world's first AP on its own floor, a walkable point 4 m from it, and its
  /// mean there without a survey.
  static func heardPoint() throws -> (accessPoint: Int, floor: FloorID, point: Point, mean: Double)?
  {
    let world = Fixtures.lightWorld
    let ap = world.accessPoints[0]
    let plan = world.plans[ap.floor]
    for angle in stride(from: 0.0, to: 6.28, by: 0.3) {
      let p = Point(x: ap.position.x + 4 * cos(angle), y: ap.position.y + 4 * sin(angle))
      if plan.isWalkable(p), let mean = try world.meanRSSI(accessPoint: 0, floor: ap.floor, at: p) {
        return (0, ap.floor, p, mean)
      }
    }
    return nil
  }

  @Test func aWellSurveyedPlaceKeepsWhatItHeard() throws {
    let (a, floor, point, mean) = try #require(try Self.heardPoint())
    let base = Fixtures.lightWorld
    // 300 readings 10 dB above the drawn field there.
    let scans = (0..<300).map { _ in
      SurveyMeans.Scan(floor: floor, point: point, readings: [(a, mean + 10)])
    }
    let survey = SurveyMeans(plans: base.plans.plans.count, scans: scans)
    #expect(survey.count == 1)
    let world = try World(
      plans: base.plans, accessPoints: base.accessPoints, model: base.model, seed: base.seed,
      survey: survey)
    let conditioned = try #require(try world.meanRSSI(accessPoint: a, floor: floor, at: point))
    // The field's nodes are 2 m apart: between them it is interpolated, so within a decibel
    // or two of what the survey heard, not the 10 dB of the unconditioned field.
    #expect(abs(conditioned - (mean + 10)) < 2.5)
    // Far from the surveyed place, and for the other APs, nothing changed.
    let reach = ShadowingEvidence(places: [], model: base.model).reach
    let plan = base.plans[floor]
    var compared = 0
    for x in stride(from: plan.walkableBounds!.min.x, to: plan.walkableBounds!.max.x, by: 3) {
      for y in stride(from: plan.walkableBounds!.min.y, to: plan.walkableBounds!.max.y, by: 3) {
        let p = Point(x: x, y: y)
        guard p.distance(to: point) > reach + 2 * base.model.gridSpacing else { continue }
        #expect(
          try world.meanRSSI(accessPoint: a, floor: floor, at: p)
            == base.meanRSSI(accessPoint: a, floor: floor, at: p))
        compared += 1
      }
    }
    #expect(compared > 10)
    for other in 1..<min(5, base.accessPoints.count) {
      #expect(
        try world.meanRSSI(accessPoint: other, floor: floor, at: point)
          == base.meanRSSI(accessPoint: other, floor: floor, at: point))
    }
  }

  @Test func surveyedCellsPoolByPlanAccessPointAndSquare() {
    let floor = FloorID(0)
    let scans = [
      SurveyMeans.Scan(floor: floor, point: Point(x: 0.2, y: 0.2), readings: [(0, -50), (1, -70)]),
      SurveyMeans.Scan(floor: floor, point: Point(x: 0.8, y: 0.6), readings: [(0, -60)]),
      SurveyMeans.Scan(floor: floor, point: Point(x: 1.5, y: 0.5), readings: [(0, -40)]),
      SurveyMeans.Scan(floor: FloorID(7), point: .zero, readings: [(0, -40)]),
    ]
    let survey = SurveyMeans(plans: 2, scans: scans)
    let cells = survey.cells(plan: 0, accessPoint: 0)
    #expect(cells.count == 2)
    #expect(cells[0] == .init(point: Point(x: 0.5, y: 0.4), rssi: -55, readings: 2))
    #expect(cells[1].rssi == -40)
    #expect(survey.cells(plan: 0, accessPoint: 1).count == 1)
    #expect(survey.cells(plan: 1, accessPoint: 0).isEmpty)
    #expect(survey.count == 3)
  }
}
