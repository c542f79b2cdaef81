import FingerpostCore
import Foundation
import Geometry

extension WorldFit.Work {
  /// The residual of each training row around the model, dB.
  func residuals() -> [Double] {
    rows.map { $0.level - mean(radio: $0.radio, features: $0.features) }
  }

  /// Per placed radio, the within-cell sum of squares of its training readings and its degrees
  /// of freedom: fast fading seen at one place.
  func withinCell() -> [(squares: Double, count: Double)] {
    radios.indices.map { r in
      guard positions[r] != nil else { return (0, 0) }
      return trainingTallies(r).filter { $0.heard > 1 }.reduce((0.0, 0.0)) { sum, t in
        (sum.0 + t.squares - Double(t.heard) * t.mean * t.mean, sum.1 + Double(t.heard - 1))
      }
    }
  }

  /// The fading spread (pooled within-cell deviation), the shadowing spread (the cell means'
  /// residual variance less what fading leaves in a mean) and the shadowing's correlation
  /// length (the exponential that fits the residuals' correlation by distance, same floor).
  mutating func fitSpreads() {
    let within = withinCell()
    let (squares, count) = within.reduce((0.0, 0.0)) { ($0.0 + $1.squares, $0.1 + $1.count) }
    guard count > 30, !rows.isEmpty else { return }
    let fading = (squares / count).squareRoot()
    model.fadingSigma = fading
    let e = residuals()
    let meanSquare = e.reduce(0) { $0 + $1 * $1 } / Double(e.count)
    let meanInverse = rows.reduce(0) { $0 + 1 / $1.weight } / Double(rows.count)
    let shadowing = max(meanSquare - fading * fading * meanInverse, 1).squareRoot()
    model.shadowingSigma = shadowing
    fitted.formUnion(["fading_sigma", "shadowing_sigma"])
    // Correlation by distance in 1 m bins up to 20 m, over pairs of one radio's cells on its
    // own floor (at most 250 cells a radio, evenly chosen).
    var sums = [Double](repeating: 0, count: 20)
    var pairs = [Double](repeating: 0, count: 20)
    var start = 0
    while start < rows.count {
      var end = start
      while end < rows.count, rows[end].radio == rows[start].radio { end += 1 }
      let own = (start..<end).filter { rows[$0].features[3] + rows[$0].features[4] == 0 }
      let stride = max(1, (own.count + 249) / 250)
      let chosen = Swift.stride(from: 0, to: own.count, by: stride).map { own[$0] }
      for (i, a) in chosen.enumerated() {
        for b in chosen[(i + 1)...] {
          let d = cells[rows[a].cell].point.distance(to: cells[rows[b].cell].point)
          guard d < 20 else { continue }
          sums[Int(d)] += e[a] * e[b]
          pairs[Int(d)] += 1
        }
      }
      start = end
    }
    guard pairs.reduce(0, +) > 100 else { return }
    let variance = shadowing * shadowing
    var best = (length: model.decorrelationDistance, misfit: Double.infinity)
    for length in Swift.stride(from: 0.5, through: 30, by: 0.5) {
      var misfit = 0.0
      for d in 0..<20 where pairs[d] > 0 {
        let r = sums[d] / pairs[d] / variance - exp(-(Double(d) + 0.5) / length)
        misfit += pairs[d] * r * r
      }
      if misfit < best.misfit { best = (length, misfit) }
    }
    model.decorrelationDistance = best.length
    fitted.insert("decorrelation_distance")
  }

  /// The detection curve: a logistic in the model's mean RSSI fitted by maximum likelihood to
  /// how often each placed radio was heard in the training cells of its floors (at most 300 a
  /// floor) where the mean clears the sensitivity (the weakest readings but the last 0.1 %) by
  /// two spreads, its width then narrowed by the shadowing and fading it includes (a logistic
  /// of width w spreads π²w²/3).
  mutating func fitDetection() {
    var perFloor: [Int: [Int]] = [:]
    for c in cells.indices where !cells[c].heldOut {
      perFloor[cells[c].floor, default: []].append(c)
    }
    let chosen = perFloor.values.flatMap { list in
      let step = max(1, (list.count + 299) / 300)
      return Swift.stride(from: 0, to: list.count, by: step).map { list[$0] }
    }.sorted()
    let work = self
    let workers = 2
    let parts = concurrentMap(workers) { k in
      var heard = [Double](repeating: 0, count: 131)
      var trials = [Double](repeating: 0, count: 131)
      var found: [Int32] = []
      for r in stride(from: k, to: work.radios.count, by: workers) where work.positions[r] != nil {
        let counts = Dictionary(uniqueKeysWithValues: work.tallies[r].map { ($0.cell, $0.heard) })
        for c in chosen {
          guard let x = work.features(radio: r, cell: c, found: &found) else { continue }
          let bin = Int((work.mean(radio: r, features: x) + 130).rounded(.down))
          guard bin >= 0 else { continue }
          let b = min(bin, 130)
          trials[b] += Double(work.cells[c].scans)
          heard[b] += Double(min(counts[c] ?? 0, work.cells[c].scans))
        }
      }
      return (heard, trials)
    }
    var heard = [Double](repeating: 0, count: 131)
    var trials = [Double](repeating: 0, count: 131)
    for part in parts {
      for b in 0..<131 {
        heard[b] += part.0[b]
        trials[b] += part.1[b]
      }
    }
    guard heard.reduce(0, +) > 100, trials.reduce(0, +) > heard.reduce(0, +) else { return }
    if let weakest {
      model.sensitivity = weakest.rounded(.down)
      fitted.insert("sensitivity")
    }
    // Below the sensitivity nothing is reported whatever the curve: fit where a mean RSSI
    // clears it by two spreads of shadowing and fading.
    let spread = model.shadowingSigma * model.shadowingSigma + model.fadingSigma * model.fadingSigma
    let lowest = max(0, Int((model.sensitivity + 2 * spread.squareRoot() + 130).rounded(.up)))
    var best = (
      midpoint: model.detectionMidpoint, width: model.detectionWidth, score: -Double.infinity
    )
    for midpoint in Swift.stride(from: -110.0, through: -50, by: 0.5) {
      for width in Swift.stride(from: 0.5, through: 25, by: 0.5) {
        var score = 0.0
        for b in min(lowest, 130)..<131 where trials[b] > 0 {
          let mu = Double(b) - 130 + 0.5
          let p = min(max(1 / (1 + exp(-(mu - midpoint) / width)), 1e-9), 1 - 1e-9)
          score += heard[b] * log(p) + (trials[b] - heard[b]) * log(1 - p)
        }
        if score > best.score { best = (midpoint, width, score) }
      }
    }
    model.detectionMidpoint = best.midpoint
    model.detectionWidth = max(best.width * best.width - 3 * spread / (Double.pi * Double.pi), 1)
      .squareRoot()
    fitted.formUnion(["detection_midpoint", "detection_width"])
  }

  /// The scan interval: the median gap between consecutive samples, when at least 20 gaps
  /// lie between 0 and 10 s.
  mutating func fitScanInterval(_ samples: [WorldFit.Sample]) {
    let gaps = zip(samples, samples.dropFirst()).map { $1.time - $0.time }.filter {
      $0 > 0 && $0 < 10
    }
    guard gaps.count >= 20, let median = gaps.median else { return }
    model.scanInterval = median
    fitted.insert("scan_interval")
  }
}
