import Foundation

extension PropagationModel {
  /// How far above its mean a reported reading lies on average, dB, where readings vary by
  /// `variance` dB² about `mean` dBm.
  ///
  /// A scan reports a reading x with the detection curve's probability p(x), so where an AP is
  /// faint the readings a survey holds are the lucky ones and their mean is above the field's:
  /// E[x | reported] − μ = ∫ (x − μ) φ p dx / ∫ φ p dx over x ~ N(μ, v), integrated over ±6
  /// spreads in steps of a fifth of one. Far below the curve's midpoint the logistic's tail tilts
  /// the readings by v / width; nothing reported, 0.
  public func reportedExcess(mean: Double, variance: Double) -> Double {
    guard variance > 0 else { return 0 }
    let spread = variance.squareRoot()
    var (moment, mass) = (0.0, 0.0)
    for k in -30...30 {
      let t = Double(k) * 0.2
      let weight = exp(-t * t / 2) * detectionProbability(mean + spread * t)
      moment += weight * t
      mass += weight
    }
    return mass > 0 ? spread * moment / mass : 0
  }

  /// The shadowing a place's mean reported reading `reading` implies where the model's mean
  /// is `mean` (both dBm): the reading less the model's mean, less the excess the detection
  /// curve leaves on readings that vary by `readingNoiseVariance` about that shadowing.
  public func impliedShadowing(reading: Double, mean: Double) -> Double {
    let noise = readingNoiseVariance
    var shadowing = reading - mean
    for _ in 0..<2 {
      shadowing = reading - mean - reportedExcess(mean: mean + shadowing, variance: noise)
    }
    return shadowing
  }
}
