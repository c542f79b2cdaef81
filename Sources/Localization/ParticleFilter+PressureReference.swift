import FingerpostCore
import Foundation

// The pressure reference at birth: a particle drawn from a scan (a new cloud, or one injected
// into the cloud) takes a floor the reference's landmarks make likely for the barometer now.
// Particles already in the cloud are left to the barometer's change, which tells their climb.

extension ParticleFilter {
  /// Per map level, the pressure reference's log-likelihood of its floor for the barometer
  /// now (0 for levels of no plan); nil without a reference or a barometer.
  func levelPressureLogLikelihoods() -> [Double]? {
    guard let reference = settings.pressureReference, let track = barometer else { return nil }
    var byOrdinal: [Int: Double] = [:]
    return planOfLevel.map { plan in
      guard plan >= 0 else { return 0 }
      let ordinal = plans.plans[plan].ordinal
      if let known = byOrdinal[ordinal] { return known }
      let value = reference.logLikelihood(ofOrdinal: ordinal, hPa: track.current, at: track.time)
      byOrdinal[ordinal] = value
      return value
    }
  }
}
