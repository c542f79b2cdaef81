import FingerpostCore
import Foundation
import Radio
import Randomness
import Testing

/// Readings a scan reports are the lucky ones where an AP is faint: the excess the detection
/// curve leaves, and the shadowing a mean of reported readings implies.
@Suite struct ReportedExcessTests {
  /// The fitted curve of a real survey (ILC site1), with no hard sensitivity in the way.
  static let model: PropagationModel = {
    var model = PropagationModel()
    model.detectionMidpoint = -68
    model.detectionWidth = 9.8
    model.sensitivity = -200
    model.fadingSigma = 2.6
    model.scanOffsetSigma = 4.1
    return model
  }()

  /// The mean excess of readings N(`mean`, `variance`) that the curve reports, drawn.
  static func drawnExcess(mean: Double, variance: Double, seed: UInt64) -> Double {
    let generator = try! RandomGenerator(seed: seed)
    var (sum, kept) = (0.0, 0)
    for _ in 0..<200_000 {
      let x = mean + generator.gaussian(sigma: variance.squareRoot())
      guard generator.uniform() < model.detectionProbability(x) else { continue }
      sum += x - mean
      kept += 1
    }
    return sum / Double(kept)
  }

  @Test func theExcessIsWhatTheCurveLeavesOnDrawnReadings() {
    for (mean, seed) in [(-50.0, 1 as UInt64), (-70, 2), (-85, 3), (-95, 4)] {
      let expected = Self.model.reportedExcess(mean: mean, variance: 49)
      let drawn = Self.drawnExcess(mean: mean, variance: 49, seed: seed)
      #expect(abs(expected - drawn) < 0.15, "mean \(mean): \(expected) against \(drawn)")
    }
  }

  @Test func theExcessGrowsAsTheAPFadesAndVanishesWithoutSpread() {
    let strong = Self.model.reportedExcess(mean: -40, variance: 49)
    let faint = Self.model.reportedExcess(mean: -90, variance: 49)
    let fainter = Self.model.reportedExcess(mean: -110, variance: 49)
    #expect(strong > 0 && strong < 0.5)
    #expect(faint > 3 && fainter > faint)
    #expect(Self.model.reportedExcess(mean: -90, variance: 0) == 0)
    // Far below the curve the logistic's exponential tail tilts readings by v / width.
    #expect(abs(Self.model.reportedExcess(mean: -160, variance: 49) - 49 / 9.8) < 0.02)
    // Below the sensitivity nothing is reported, and nothing is in excess.
    var deaf = Self.model
    deaf.sensitivity = -92
    #expect(deaf.reportedExcess(mean: -200, variance: 49) == 0)
  }

  @Test func aMeanOfReportedReadingsImpliesTheShadowingUnderIt() {
    let noise = 2.6 * 2.6 + 4.1 * 4.1
    for (shadowing, seed) in [(-6.0, 5 as UInt64), (0, 6), (6, 7)] {
      let mean = -85.0
      let reported =
        mean + shadowing
        + Self.drawnExcess(mean: mean + shadowing, variance: noise, seed: seed)
      let implied = Self.model.impliedShadowing(reading: reported, mean: mean)
      #expect(abs(implied - shadowing) < 0.4, "shadowing \(shadowing): implied \(implied)")
      // Taken as it is, the mean would overstate the shadowing by the excess.
      #expect(reported - mean > shadowing + 1)
    }
  }
}
