import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Localization
import TestSupport
import Testing

@testable import Workflows

/// Fitting the filter to walks whose truth is known: scans whose fingerprints are of where the
/// walker is a second after their time stamp, and steps 25 % longer than the truth's.
@Suite struct WalkCalibrationTests {
  /// Eight APs along a 100 m hall, −30 − 25·log10(d) dBm.
  static let aps = (0..<8).map { Point(x: 6 + Double($0) * 12.5, y: $0 % 2 == 0 ? 0 : 20) }

  static func scan(at p: Point, time: Double) -> Scan {
    Scan(
      time: time, device: "d",
      readings: aps.enumerated().map { k, ap in
        Reading(
          bssid: String(format: "aa:00:00:00:00:%02x", k),
          rssi: (-30 - 25 * log10(max(p.distance(to: ap), 1))).rounded())
      })
  }

  /// Walk `k`: along y = 4 + 2k, east or west by turns, 1.25 m/s for 64 s; a scan every 2 s
  /// heard where the walker is `lag` seconds later; two steps a second, each 1.25 × its share.
  static func walk(_ k: Int, lag: Double) -> WalkCalibration.Walk {
    let y = 4 + 2 * Double(k)
    let east = k % 2 == 0
    func position(_ t: Double) -> Point {
      let x = 10 + 1.25 * min(max(t, 0), 64)
      return Point(x: east ? x : 110 - x, y: y)
    }
    let truth = stride(from: 0.0, through: 64, by: 0.5).map {
      TruthSample(t: $0, ordinal: 0, position: position($0))
    }
    let scans = stride(from: 1.0, to: 62, by: 2).map { scan(at: position($0 + lag), time: $0) }
    let steps = stride(from: 0.5, through: 64, by: 0.5).map {
      Step(t: $0, length: 1.25 * 0.625, heading: east ? 90 : 270)
    }
    return WalkCalibration.Walk(ordinal: 0, truth: truth, steps: steps, scans: scans)
  }

  @Test func theLagAndTheStepScaleAreFoundFromTheWalks() {
    let walks = (0..<8).map { Self.walk($0, lag: 1) }
    let fitted = WalkCalibration(walks: walks, area: [0: 2000])
    #expect(fitted.walks == 8)
    #expect(abs(fitted.stepScale - 0.8) < 0.01, "\(fitted.stepScale)")
    #expect(fitted.stepScaleSpread < 0.05)
    #expect(abs(fitted.scanLag - 1) < 0.3, "\(fitted.scanLag)")
    // Unlagged, kNN runs ahead of the walker (along the way walked); at the fitted lag, not.
    #expect(fitted.alongTrack.unlagged > 0.5, "\(fitted.alongTrack)")
    #expect(abs(fitted.alongTrack.fitted) < 0.3, "\(fitted.alongTrack)")
    var settings = ParticleFilterSettings()
    fitted.apply(to: &settings)
    #expect(settings.scanLag == fitted.scanLag && settings.initialScale == fitted.stepScale)
    #expect(settings.neighbours.kernel == fitted.neighbours.kernel)
    #expect(WalkCalibration.kernels.contains(fitted.neighbours.kernel))
    #expect(fitted.fieldLogLikelihood.isFinite)
  }

  @Test func scansStampedWhereTheyWereHeardNeedNoLag() {
    let fitted = WalkCalibration(walks: (0..<8).map { Self.walk($0, lag: 0) }, area: [0: 2000])
    #expect(abs(fitted.scanLag) < 0.3, "\(fitted.scanLag)")
  }

  /// Walk `k` with a barometer: 32 s east on floor 0, then 20 s down stairs (checkpoints at
  /// their ends, 2 m apart; the pressure rises from 34 s to 50 s) to floor −2, 2.83 m an ordinal
  /// lower (0.68 hPa more at 980 hPa), steps all along; `k` shifts the pressure (weather).
  static func climbingWalk(_ k: Int) -> WalkCalibration.Walk {
    var walk = walk(k, lag: 0)
    walk.truth = walk.truth.filter { $0.t <= 32 }
    walk.truth[walk.truth.count - 1].checkpoint = true
    walk.truth[0].checkpoint = true
    let top = walk.truth.last!.position
    walk.truth.append(
      TruthSample(
        t: 52, ordinal: -2, position: top + Point(x: 2, y: 0), checkpoint: true))
    walk.steps =
      walk.steps.filter { $0.t <= 32 }
      + stride(from: 32.5, through: 52, by: 0.5).map { Step(t: $0, length: 0.6, heading: 90) }
    let base = 980 + Double(k)
    walk.pressures = stride(from: 0.0, through: 52, by: 0.25).map { t in
      let share = min(max((t - 34) / 16, 0), 1)
      return Pressure(t: t, hPa: base + share * 0.68)
    }
    return walk
  }

  @Test func theFloorHeightIsFittedAndStairsDoNotScaleSteps() throws {
    let fitted = WalkCalibration(walks: (0..<4).map(Self.climbingWalk), area: [0: 2000, -2: 2000])
    let height = try #require(fitted.floorHeight)
    #expect(abs(height - 2.83) < 0.15, "\(height)")
    // 20 s on the stairs cover 2 m while the steps cover 24 m: left out, the scale is the hall's.
    #expect(abs(fitted.stepScale - 0.8) < 0.02, "\(fitted.stepScale)")
    var settings = ParticleFilterSettings()
    fitted.apply(to: &settings)
    #expect(settings.floorHeight == fitted.floorHeight)
    // Walks without a barometer fit no height, and leave the setting as it is.
    let plain = WalkCalibration(walks: (0..<4).map { Self.walk($0, lag: 0) }, area: [0: 2000])
    #expect(plain.floorHeight == nil)
  }

  @Test func placesAreFittedOnAFloorPlanCarriedIntoTheSettingsAndTheJSON() throws {
    let plans = try FloorPlanSet(venueAt: RepositoryPaths.sampleVenue("office"))
    // Walks along the office's walkways only: the offices become rare places.
    var truth: [TruthSample] = []
    for plan in plans.plans {
      for unit in plan.units where unit.category == "walkway" {
        // A minute at each walkway's anchor, sampled at 2 Hz.
        for _ in 0..<120 {
          truth.append(
            TruthSample(
              t: Double(truth.count) / 2, ordinal: plan.ordinal, position: unit.anchorPoint))
        }
      }
    }
    var fitted = WalkCalibration()
    #expect(fitted.places.isEmpty)
    fitted.fitPlaces(
      plans: plans, walks: [WalkCalibration.Walk(ordinal: 0, truth: truth, steps: [], scans: [])])
    #expect(fitted.places.logWeight(of: "office") < -2)
    var settings = ParticleFilterSettings()
    fitted.apply(to: &settings)
    #expect(settings.places == fitted.places)
    let decoded = try JSONDecoder().decode(
      WalkCalibration.self, from: try JSONEncoder().encode(fitted))
    #expect(decoded.places == fitted.places)
  }
}
