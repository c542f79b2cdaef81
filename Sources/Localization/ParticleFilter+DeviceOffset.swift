import FingerpostCore
import Fingerprints
import Foundation
import Geometry

// The device offset is one number for the whole cloud: the phone's RSSI relative to the
// surveyor's. Carried by each particle with its own random walk, it spreads the cloud's mass over
// an extra dimension that trades off against position (a cloud a few dB off fits the scan as
// well a metre or two away). Instead, one estimate is kept for the filter, a scalar Kalman filter
// over the scans' evidence at the cloud's estimate, and each scan draws the particles' offsets
// from it.

extension ParticleFilter {
  /// Folds this scan's evidence of the device offset into the shared estimate: the median of
  /// (reading − expected) at the weighted mean of the plan holding most mass, with its standard
  /// error (large when the cloud is in the wrong place and the readings disagree), after the
  /// estimate's random walk since the last scan.
  func updateOffsetEstimate(_ prepared: PreparedScan, weights: [Double]) {
    guard let heaviest = heaviestPlan(weights), heaviest.mass > 0 else { return }
    let level = mapLevel[heaviest.plan]
    guard level >= 0 else { return }
    var (m, v) = offsetEstimate
    v += settings.offsetWalk * settings.offsetWalk
    guard let evidence = map.offsetEvidence(prepared, level: level, at: heaviest.mean) else {
      offsetEstimate = (m, v)
      return
    }
    let r = evidence.standardError * evidence.standardError
    let gain = v / (v + r)
    m += gain * (evidence.offset - m)
    v *= 1 - gain
    offsetEstimate = (m, v)
  }

  /// A particle's device offset drawn from the shared estimate, dB.
  func drawOffset() -> Double {
    offsetEstimate.mean + rng.gaussian(sigma: offsetEstimate.variance.squareRoot())
  }
}
