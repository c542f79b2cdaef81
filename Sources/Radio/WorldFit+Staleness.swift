import FingerpostCore
import Foundation

extension WorldFit.Work {
  /// The share of stale entries: readings a scan repeats from the one before. Over consecutive
  /// scans of one floor (0 to 10 s apart), a reading of an AP the previous scan heard differs
  /// from it by d dB (both rounded to whole dB); fresh readings spread d smoothly, so their
  /// count at d = 0 is (4·c₁ − c₂) / 3 from the counts at |d| = 1 and 2 (each side's mean), and
  /// the count at 0 beyond it is the stale entries. Their share is of the APs the previous scans
  /// heard, as the simulator repeats each with that probability. A survey whose importer
  /// dropped stale entries (ILC, IPIN) fits about 0.
  mutating func fitStaleShare(_ samples: [WorldFit.Sample]) {
    var counts = [Double](repeating: 0, count: 3)
    var previousHeard = 0.0
    for (before, sample) in zip(samples, samples.dropFirst()) {
      let gap = sample.time - before.time
      guard gap > 0, gap <= 10, sample.floor == before.floor else { continue }
      var last: [Int: Double] = [:]
      for reading in before.readings { last[reading.radio] = reading.rssi }
      previousHeard += Double(last.count)
      for reading in sample.readings {
        guard let old = last[reading.radio] else { continue }
        let d = Int(abs(reading.rssi - old).rounded())
        if d < 3 { counts[d] += 1 }
      }
    }
    guard previousHeard >= 1000 else { return }
    let fresh = (4 * counts[1] / 2 - counts[2] / 2) / 3
    model.staleShare = min(max((counts[0] - fresh) / previousHeard, 0), 1)
    fitted.insert("stale_share")
  }
}
