import Foundation

/// A causal Butterworth low-pass filter of even order, run as a cascade of biquad sections
/// (bilinear transform with pre-warping), for smoothing a sensor signal sample by sample.
public struct LowPassFilter: Sendable {
  /// One second-order section in direct form II transposed.
  struct Section: Sendable {
    var b0, b1, b2, a1, a2: Double
    var z1 = 0.0
    var z2 = 0.0

    mutating func callAsFunction(_ x: Double) -> Double {
      let y = b0 * x + z1
      z1 = b1 * x - a1 * y + z2
      z2 = b2 * x - a2 * y
      return y
    }

    /// Sets the state to the steady state for a constant input `x`.
    mutating func settle(at x: Double) {
      // At steady state y = x·g with g = (b0+b1+b2)/(1+a1+a2).
      let y = x * (b0 + b1 + b2) / (1 + a1 + a2)
      z2 = b2 * x - a2 * y
      z1 = b1 * x - a1 * y + z2
    }
  }

  private var sections: [Section]
  private var started = false

  /// A filter passing frequencies below `cutoff` Hz of a signal sampled at `sampleRate` Hz;
  /// `order` is rounded up to an even number (two poles a section).
  public init(cutoff: Double, sampleRate: Double, order: Int = 4) {
    let pairs = max(1, (order + 1) / 2)
    let n = Double(2 * pairs)
    let k = tan(Double.pi * min(cutoff, 0.49 * sampleRate) / sampleRate)
    sections = (0..<pairs).map { p in
      // The quality factor of each pole pair of a Butterworth filter.
      let q = 1 / (2 * cos(Double.pi * (2 * Double(p) + 1) / (2 * n)))
      let norm = 1 / (1 + k / q + k * k)
      let b0 = k * k * norm
      return Section(
        b0: b0, b1: 2 * b0, b2: b0, a1: 2 * (k * k - 1) * norm, a2: (1 - k / q + k * k) * norm)
    }
  }

  /// Filters the next sample. The first sample settles the filter as if it had always been
  /// there, so a signal starting at gravity does not ring.
  public mutating func callAsFunction(_ x: Double) -> Double {
    if !started {
      started = true
      for i in sections.indices { sections[i].settle(at: x) }
    }
    var y = x
    for i in sections.indices { y = sections[i](y) }
    return y
  }
}
