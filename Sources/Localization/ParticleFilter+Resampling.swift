import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

// Resampling: systematic, to a fixed count or to the count KLD sampling asks for.

extension ParticleFilter {
  /// Systematic resampling to `resampledCount(weights:)` particles; `injectShare` of them are
  /// drawn afresh from the scan.
  func resample(weights: [Double], injectShare: Double, prepared: PreparedScan) {
    let n = weights.count
    let count = resampledCount(weights: weights)
    let fresh = Int(Double(count) * injectShare)
    let kept = count - fresh
    var picks: [Int] = []
    picks.reserveCapacity(kept)
    let stepSize = 1 / Double(max(kept, 1))
    var u = rng.uniform() * stepSize
    var cumulative = weights.first ?? 0
    var j = 0
    for _ in 0..<kept {
      while u > cumulative, j < n - 1 {
        j += 1
        cumulative += weights[j]
      }
      picks.append(j)
      u += stepSize
    }
    particles = particles.resampled(at: picks)
    regularize()
    if fresh > 0 {
      append(count: fresh, from: prepared)
      fastLikelihood = slowLikelihood
    }
  }

  /// How many particles to draw: the fixed count, or by KLD sampling (Fox 2003) enough that the
  /// sampled posterior is within `kldError` (KL divergence, 99 % sure) of the weighted one,
  /// judged by the histogram bins (`kldBinSize` metres, per plan) that particles of weight at
  /// least 1 / maximum occupy, between the minimum and the maximum.
  func resampledCount(weights: [Double]) -> Int {
    guard let minimum = settings.minimumParticles else { return settings.particles }
    let size = settings.kldBinSize
    let floor = 1 / Double(settings.particles)
    let (x, y, plan) = (particles.x, particles.y, particles.plan)
    var bins = Set<Int>()
    for i in weights.indices where weights[i] >= floor {
      let column = Int((x[i] / size).rounded(.down)) & 0xF_FFFF
      let row = Int((y[i] / size).rounded(.down)) & 0xF_FFFF
      bins.insert(Int(plan[i]) << 40 | column << 20 | row)
    }
    let k = Double(bins.count)
    guard k > 1 else { return minimum }
    // Wilson–Hilferty approximation of the chi-square quantile, z for 99 %.
    let a = 2 / (9 * (k - 1))
    let n = (k - 1) / (2 * settings.kldError) * pow(1 - a + a.squareRoot() * 2.326, 3)
    return min(max(Int(n.rounded(.up)), minimum), settings.particles)
  }
}
