import Foundation
import Geometry
import Testing

@testable import Radio

/// Surveyed places imply the shadowing near them, as much as their readings and distance allow.
@Suite struct ShadowingEvidenceTests {
  /// Shadowing 6 dB over 5 m, fading 2 dB: one reading's noise is η = 4/36 of the shadowing.
  static var model: PropagationModel {
    var model = PropagationModel()
    model.shadowingSigma = 6
    model.decorrelationDistance = 5
    model.fadingSigma = 2
    model.scanOffsetSigma = 0
    return model
  }

  @Test func aWellSurveyedPlaceTellsItsOwnShadowing() {
    let evidence = ShadowingEvidence(
      places: [.init(point: Point(x: 3, y: 4), residual: 8, readings: 1000)], model: Self.model)
    let here = evidence.estimate(at: Point(x: 3, y: 4))
    #expect(abs(here.mean - 8) < 0.01)
    #expect(here.remaining < 0.001)
    // Five metres away: correlation e⁻¹ of it, and most of the variance left.
    let near = evidence.estimate(at: Point(x: 8, y: 4))
    #expect(abs(near.mean - 8 * exp(-1)) < 0.01)
    #expect(abs(near.remaining - (1 - exp(-2))) < 0.001)
    // Beyond three correlation lengths it says nothing.
    #expect(evidence.estimate(at: Point(x: 3, y: 20)) == .init(mean: 0, remaining: 1))
  }

  @Test func oneReadingIsTrustedLessThanMany() {
    let one = ShadowingEvidence(
      places: [.init(point: .zero, residual: 10, readings: 1)], model: Self.model)
    let many = ShadowingEvidence(
      places: [.init(point: .zero, residual: 10, readings: 20)], model: Self.model)
    let eta = 4.0 / 36
    #expect(abs(one.estimate(at: .zero).mean - 10 / (1 + eta)) < 1e-9)
    #expect(many.estimate(at: .zero).mean > one.estimate(at: .zero).mean)
    #expect(one.estimate(at: .zero).remaining > many.estimate(at: .zero).remaining)
  }

  @Test func placesAllAroundAreAveragedNotAdded() {
    let around = (0..<8).map { k -> ShadowingEvidence.Place in
      let angle = Double(k) * .pi / 4
      return .init(point: Point(x: cos(angle), y: sin(angle)), residual: 5, readings: 10)
    }
    let estimate = ShadowingEvidence(places: around, model: Self.model).estimate(at: .zero)
    #expect(abs(estimate.mean - 5) < 1e-9)
    #expect(estimate.remaining > 0 && estimate.remaining < 0.25)
  }

  @Test func aModelWithoutShadowingLearnsNothing() {
    var model = Self.model
    model.shadowingSigma = 0
    let evidence = ShadowingEvidence(
      places: [.init(point: .zero, residual: 10, readings: 50)], model: model)
    #expect(evidence.estimate(at: .zero) == .init(mean: 0, remaining: 1))
  }
}

extension ShadowingEvidenceTests {
  @Test func theGridSaysWhatEachNodeWouldBeTold() {
    let grid = FieldGrid(
      covering: BoundingBox(min: Point(x: 0, y: 0), max: Point(x: 30, y: 20)), spacing: 1)
    let places = [
      ShadowingEvidence.Place(point: Point(x: 3.3, y: 4.1), residual: 7, readings: 3),
      .init(point: Point(x: 5, y: 4), residual: -2, readings: 12),
      .init(point: Point(x: 25, y: 18), residual: 4, readings: 1),
      .init(point: Point(x: -3, y: 10), residual: 9, readings: 5),
    ]
    let evidence = ShadowingEvidence(places: places, model: Self.model)
    let (mean, remaining) = evidence.estimates(over: grid)
    for r in 0..<grid.rows {
      for c in 0..<grid.columns {
        let expected = evidence.estimate(at: grid.node(column: c, row: r))
        #expect(abs(Double(mean[r * grid.columns + c]) - expected.mean) < 1e-4)
        #expect(abs(Double(remaining[r * grid.columns + c]) - expected.remaining) < 1e-4)
      }
    }
  }
}
