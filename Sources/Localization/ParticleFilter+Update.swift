import Fingerprints
import FloorPlans
import Foundation
import Geometry

extension ParticleFilter {
  /// Weights the particles by the scan's likelihood at their level, position and device offset;
  /// resamples when the effective sample size is low, injecting particles drawn from the scan's
  /// likelihood when recent scans fit far worse than usual (divergence, e.g. a kidnap).
  public func scan(_ input: ScanInput) {
    let prepared = map.prepare(input.scan)
    let known = prepared.knownCount
    guard known > 0 else { return }  // nothing to weigh with: predict only
    lastTime = max(lastTime, input.scan.time)
    guard initialized else {
      redraw(count: settings.particles, from: prepared)
      initialized = true
      return
    }
    // A cloud with nothing alive on a mapped level cannot be weighed: start again from the scan.
    if !logWeight.indices.contains(where: {
      logWeight[$0] > -.infinity && mapLevel[Int(plan[$0])] >= 0
    }) {
      redraw(count: settings.particles, from: prepared)
      return
    }
    let n = x.count
    var likelihoods = [Double](repeating: -.infinity, count: n)
    // Particles crowd into few cells: score each (level, cell, offset to 0.25 dB) once.
    var cache: [Int: Double] = [:]
    for i in 0..<n where logWeight[i] > -.infinity {
      offset[i] += rng.gaussian(sigma: settings.offsetWalk)
      let level = mapLevel[Int(plan[i])]
      guard level >= 0 else { continue }
      let cell = map.levels[level].cell(at: Point(x: x[i], y: y[i]))
      let bucket = Int((offset[i] * 4).rounded())
      let key = (level << 40) | (cell << 12) | (bucket & 0xFFF)
      if let known = cache[key] {
        likelihoods[i] = known
      } else {
        let score = map.logLikelihood(
          prepared, level: level, cell: cell, deviceOffset: Double(bucket) / 4)
        cache[key] = score
        likelihoods[i] = score
      }
    }
    // Recovery signal: the weighted mean log-likelihood per known reading, averaged fast and slow.
    let prior = normalizedWeights()
    var mean = 0.0
    for i in 0..<n where prior[i] > 0 && likelihoods[i] > -.infinity {
      mean += prior[i] * likelihoods[i]
    }
    mean /= Double(known)
    fastLikelihood = fastLikelihood.map { $0 + settings.recoveryFast * (mean - $0) } ?? mean
    slowLikelihood = slowLikelihood.map { $0 + settings.recoverySlow * (mean - $0) } ?? mean
    for i in 0..<n { logWeight[i] += settings.likelihoodTemperature * likelihoods[i] }
    let weights = normalizedWeights()
    let ess = 1 / weights.reduce(0) { $0 + $1 * $1 }
    let gap = (slowLikelihood ?? mean) - (fastLikelihood ?? mean)
    let inject = gap > 0.5 ? min(0.5, (gap - 0.5) / 2) : 0
    if !ess.isFinite || ess < settings.resampleThreshold * Double(n) || inject > 0 {
      resample(weights: weights, injectShare: inject, prepared: prepared)
    }
  }

  /// Weights normalised to sum 1 (all equal when every particle died).
  func normalizedWeights() -> [Double] {
    let top = logWeight.max() ?? 0
    guard top > -.infinity else {
      return Array(repeating: 1 / Double(logWeight.count), count: logWeight.count)
    }
    var w = logWeight.map { exp($0 - top) }
    let total = w.reduce(0, +)
    for i in w.indices { w[i] /= total }
    return w
  }

  /// Systematic resampling; `injectShare` of the particles are drawn afresh from the scan.
  func resample(weights: [Double], injectShare: Double, prepared: PreparedScan) {
    let n = weights.count
    let fresh = Int(Double(n) * injectShare)
    let kept = n - fresh
    var nx: [Double] = []
    var ny: [Double] = []
    var np: [Int32] = []
    var nb: [Double] = []
    var ns: [Double] = []
    var no: [Double] = []
    nx.reserveCapacity(n)
    let stepSize = 1 / Double(max(kept, 1))
    var u = rng.uniform() * stepSize
    var cumulative = weights.first ?? 0
    var j = 0
    for _ in 0..<kept {
      while u > cumulative, j < n - 1 {
        j += 1
        cumulative += weights[j]
      }
      nx.append(x[j])
      ny.append(y[j])
      np.append(plan[j])
      nb.append(headingBias[j])
      ns.append(scale[j])
      no.append(offset[j])
      u += stepSize
    }
    (x, y, plan, headingBias, scale, offset) = (nx, ny, np, nb, ns, no)
    logWeight = Array(repeating: 0, count: kept)
    if fresh > 0 {
      append(count: fresh, from: prepared)
      fastLikelihood = slowLikelihood
    }
  }

  /// Replaces every particle by `count` drawn from the scan's likelihood over the whole map.
  func redraw(count: Int, from prepared: PreparedScan) {
    x = []
    y = []
    plan = []
    headingBias = []
    scale = []
    offset = []
    logWeight = []
    append(count: count, from: prepared)
  }

  /// Adds `count` particles drawn from the scan's likelihood over every mapped cell.
  func append(count: Int, from prepared: PreparedScan) {
    var cells: [(level: Int, cell: Int, score: Double)] = []
    for (l, level) in map.levels.enumerated() where planOfLevel[l] >= 0 {
      for cell in level.inside.indices where level.inside[cell] {
        cells.append(
          (
            l, cell,
            settings.likelihoodTemperature * map.logLikelihood(prepared, level: l, cell: cell)
          ))
      }
    }
    guard let top = cells.map(\.score).max() else { return }
    var cumulative: [Double] = []
    var total = 0.0
    for c in cells {
      total += exp(c.score - top)
      cumulative.append(total)
    }
    for _ in 0..<count {
      let target = rng.uniform() * total
      var low = 0
      var high = cumulative.count - 1
      while low < high {
        let mid = (low + high) / 2
        if cumulative[mid] < target { low = mid + 1 } else { high = mid }
      }
      let c = cells[low]
      let level = map.levels[c.level]
      let centre = level.center(of: c.cell)
      x.append(centre.x + rng.uniform(-level.spacing / 2, level.spacing / 2))
      y.append(centre.y + rng.uniform(-level.spacing / 2, level.spacing / 2))
      plan.append(Int32(planOfLevel[c.level]))
      headingBias.append(rng.gaussian(sigma: settings.initialHeadingBias))
      scale.append(1 + rng.gaussian(sigma: settings.initialScaleSpread))
      offset.append(rng.gaussian(sigma: settings.initialOffsetSpread))
      logWeight.append(0)
    }
  }
}
