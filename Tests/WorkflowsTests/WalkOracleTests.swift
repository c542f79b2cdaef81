import FingerpostCore
import Foundation
import Geometry
import Testing

@testable import Workflows

/// The step oracles replace the phone's steps, or only their lengths or headings, by the truth's.
@Suite struct WalkOracleTests {
  /// A walk due east at 1.2 m/s whose phone took 0.9 m steps every 0.5 s, 20° off.
  static let walk = WalkEvaluation.SiteWalk(
    name: "east", floor: "F1", group: "east", file: "east.txt", ordinal: 0,
    steps: (1...8).map { Step(t: Double($0) * 0.5, length: 0.9, heading: 110) },
    scans: [], pressures: [],
    truth: [
      TruthSample(t: 0, ordinal: 0, position: Point(x: 0, y: 0)),
      TruthSample(t: 10, ordinal: 0, position: Point(x: 12, y: 0)),
    ],
    origin: GeoCoordinate(longitude: 11.11, latitude: 49.46))

  @Test func truthStepsTakeBothParts() {
    let steps = WalkEvaluation.truthSteps(Self.walk)
    #expect(steps.count == 8)
    for step in steps {
      #expect(abs(step.length - 0.6) < 1e-9)
      #expect(abs(step.heading - 90) < 1e-9)
    }
  }

  @Test func truthHeadingsKeepThePhonesLengths() {
    let steps = WalkEvaluation.truthSteps(Self.walk, length: false)
    #expect(steps.map(\.length) == Array(repeating: 0.9, count: 8))
    #expect(steps.allSatisfy { abs($0.heading - 90) < 1e-9 })
  }

  @Test func truthLengthsKeepThePhonesHeadings() {
    let steps = WalkEvaluation.truthSteps(Self.walk, heading: false)
    #expect(steps.allSatisfy { abs($0.length - 0.6) < 1e-9 })
    #expect(steps.map(\.heading) == Array(repeating: 110, count: 8))
  }

  @Test func theOraclesNameTheParts() {
    var evaluation = WalkEvaluation(site: "site")
    #expect(evaluation.truthStepParts == (false, false))
    evaluation.oracles = [.truthHeadings]
    #expect(evaluation.truthStepParts == (false, true))
    evaluation.oracles = [.truthLengths, .trueStart]
    #expect(evaluation.truthStepParts == (true, false))
    evaluation.oracles = [.truthSteps]
    #expect(evaluation.truthStepParts == (true, true))
  }
}
