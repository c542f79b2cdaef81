import FingerpostCore
import Foundation
import Geometry
import Localization
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
}
