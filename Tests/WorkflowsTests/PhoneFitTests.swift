import FingerpostCore
import Foundation
import Geometry
import Motion
import Randomness
import Testing

@testable import Workflows

/// A phone fitted to walks whose steps came from a known step noise gives walks like them.
@Suite struct PhoneFitTests {
  /// Thirty walks along an L of 40 m and 30 m at 1.25 m/s, one step every 0.5 s, observed
  /// through `noise`; waypoints every 4 s.
  static func walks(noise: StepNoise) throws -> [ImportedWalk] {
    let root = try RandomGenerator(seed: 8)
    return try (0..<30).map { w in
      let reckoning = DeadReckoning(noise: noise, generator: try root.split(stream: w))
      func point(_ t: Double) -> Point {
        let d = 1.25 * t
        return d <= 40 ? Point(x: d, y: 0) : Point(x: 40, y: d - 40)
      }
      var steps: [Step] = []
      for k in 1...112 {
        let t = Double(k) * 0.5
        let move = point(t) - point(t - 0.5)
        steps += try reckoning.observe(Step(t: t, length: move.length, heading: Bearing.of(move)))
      }
      let truth = stride(from: 0.0, through: 56, by: 0.5).map { t in
        TruthSample(
          t: t, ordinal: 0, position: point(t),
          checkpoint: t.truncatingRemainder(dividingBy: 4) == 0)
      }
      let waypoints = truth.filter(\.checkpoint).map { (t: $0.t, point: $0.position) }
      return ImportedWalk(
        file: "walk\(w)", format: "test", truth: truth, steps: steps, scans: [], pressures: [],
        origin: GeoCoordinate(longitude: 0, latitude: 0), ordinal: 0, staleEntries: 0, problems: [],
        check: DeadReckoningCheck(steps: steps, waypoints: waypoints))
    }
  }

  @Test func theFittedPhoneWalksLikeTheRealOne() throws {
    var noise = StepNoise()
    noise.scaleBiasSigma = 0.1
    noise.headingBiasSigma = 5
    noise.headingSigma = 8
    noise.headingDriftSigma = 0.5
    noise.missProbability = 0
    noise.doubleProbability = 0
    let fit = try PhoneFit(walks: try Self.walks(noise: noise))
    #expect(fit.walks == 30)
    let (m, s) = (fit.measured, fit.simulated)
    #expect(m.walkRatioSpread > 0.05)
    #expect(abs(s.walkRatioSpread - m.walkRatioSpread) < 0.04)
    #expect(abs(s.headingMedian - m.headingMedian) < 0.3 * m.headingMedian)
    #expect(abs(s.headingP90 - m.headingP90) < 0.3 * m.headingP90)
    #expect(abs(s.walkHeadingSpread - m.walkHeadingSpread) < 3)
    // The known noise is found near where it was.
    let fitted = fit.phone.deadReckoning
    #expect(abs(fitted.scaleBiasSigma - 0.1) <= 0.05)
    #expect(fitted.headingBiasSigma <= 10)
    #expect(fit.phone.device.staleShare == 0)
  }
}
