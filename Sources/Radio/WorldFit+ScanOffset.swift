import FingerpostCore
import Foundation

extension WorldFit.Work {
  /// Splits the within-cell spread into an offset common to a whole scan and fading of each
  /// reading. In a training cell of m ≥ 2 scans, over the radios every one of them heard (k ≥ 3),
  /// a reading's deviation from its radio's cell mean has variance (σo² + σf²)(m − 1)/m, and
  /// the mean of one scan's deviations (σo² + σf²/k)(m − 1)/m; the two pooled give σo.
  /// Simulated with independent fading alone, scans would fit a map of other scans better
  /// than real ones do.
  mutating func fitScanOffset(_ samples: [WorldFit.Sample]) {
    var scansOf: [Int: [Int]] = [:]
    for (s, c) in sampleCells.enumerated() where !cells[c].heldOut {
      scansOf[c, default: []].append(s)
    }
    var (readingSquares, readingCount) = (0.0, 0.0)
    var (scanSquares, scanCount, inverseK) = (0.0, 0.0, 0.0)
    for c in scansOf.keys.sorted() {
      let scans = scansOf[c]!
      let m = Double(scans.count)
      guard scans.count >= 2 else { continue }
      var sums: [Int: (sum: Double, heard: Int)] = [:]
      for s in scans {
        for reading in samples[s].readings {
          sums[reading.radio, default: (0, 0)].sum += reading.rssi
          sums[reading.radio, default: (0, 0)].heard += 1
        }
      }
      let means = sums.filter { $0.value.heard == scans.count }.mapValues { $0.sum / m }
      guard means.count >= 3 else { continue }
      let k = Double(means.count)
      let scale = m / (m - 1)
      for s in scans {
        var deviations = 0.0
        for reading in samples[s].readings {
          guard let mean = means[reading.radio] else { continue }
          let d = reading.rssi - mean
          deviations += d
          readingSquares += d * d * scale
          readingCount += 1
        }
        let scanMean = deviations / k
        scanSquares += scanMean * scanMean * scale
        scanCount += 1
        inverseK += 1 / k
      }
    }
    guard scanCount >= 30 else { return }
    let within = readingSquares / readingCount
    let h = inverseK / scanCount
    let offset2 = max(0, (scanSquares / scanCount - within * h) / (1 - h))
    // The fading already fitted is the whole within-cell spread: what the offset leaves.
    let total = model.fadingSigma * model.fadingSigma
    let share = min(offset2 / within, 1)
    // The whole offset a scan shares, until `fitWalkFading` splits off what its walk keeps.
    model.scanOffsetSigma = (share * total).squareRoot()
    model.walkOffsetSigma = 0
    model.fadingSigma = max((1 - share) * total, 1).squareRoot()
    fitted.insert("scan_offset_sigma")
  }
}
