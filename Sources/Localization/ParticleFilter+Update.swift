import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

extension ParticleFilter {
  /// Weights the particles by the scan's likelihood at their level, position and device offset;
  /// resamples when the effective sample size is low, injecting particles drawn from the scan's
  /// likelihood when recent scans fit far worse than usual (divergence, e.g. a kidnap).
  public func scan(_ input: Scan) {
    var scan = input
    if settings.ignoreRepeatedReadings {
      // Phones report cached entries again with the very same RSSI: treat exact repeats of the
      // previous scan as stale (a fresh reading repeats by chance only rarely).
      let fresh = scan.readings.filter { previousReadings[$0.bssid] != $0.rssi }
      previousReadings = [:]
      for r in scan.readings { previousReadings[r.bssid] = r.rssi }
      scan.readings = fresh
    }
    let prepared = map.prepare(scan)
    let known = prepared.knownCount
    guard known > 0 else { return }  // nothing to weigh with: predict only
    lastTime = max(lastTime, input.time)
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
    // Each level's grid, copied out once (a `Level` copy per particle would retain its arrays).
    let grids = map.levels.map {
      (origin: $0.origin, spacing: $0.spacing, columns: $0.columns, rows: $0.rows)
    }
    // Work on local arrays and a local score table (no exclusivity check or retain per
    // particle on the class's properties); the mutated ones are put back before use.
    var offsets: [Double] = []
    swap(&offsets, &offset)
    var table = ScoreTable()
    swap(&table, &scores)
    let (xs, ys, planOf, weightsBefore, levelOfPlan) = (x, y, plan, logWeight, mapLevel)
    let offsetWalk = settings.offsetWalk
    // Particles crowd into few cells: score each (level, cell, offset to 0.5 dB) once.
    table.reset(expected: n)
    var slots = [Int32](repeating: -1, count: n)
    var distinct: [(level: Int, cell: Int, offset: Double)] = []
    for i in 0..<n where weightsBefore[i] > -.infinity {
      offsets[i] += rng.gaussian(sigma: offsetWalk)
      let level = levelOfPlan[Int(planOf[i])]
      guard level >= 0 else { continue }
      let g = grids[level]
      let column = min(max(Int(((xs[i] - g.origin.x) / g.spacing).rounded()), 0), g.columns - 1)
      let row = min(max(Int(((ys[i] - g.origin.y) / g.spacing).rounded()), 0), g.rows - 1)
      let cell = row * g.columns + column
      let bucket = Int((offsets[i] * 2).rounded())
      let slot = table.slot((level << 40) | (cell << 12) | (bucket & 0xFFF))
      if slot == distinct.count { distinct.append((level, cell, Double(bucket) / 2)) }
      slots[i] = Int32(slot)
    }
    swap(&table, &scores)
    swap(&offsets, &offset)
    let values = logLikelihoods(prepared, at: distinct)
    for i in 0..<n where slots[i] >= 0 { likelihoods[i] = values[Int(slots[i])] }
    // Recovery signal: the weighted mean log-likelihood per known reading, averaged fast and slow.
    let prior = normalizedWeights()
    var mean = 0.0
    for i in 0..<n where prior[i] > 0 && likelihoods[i] > -.infinity {
      mean += prior[i] * likelihoods[i]
    }
    mean /= Double(known)
    fastLikelihood = fastLikelihood.map { $0 + settings.recoveryFast * (mean - $0) } ?? mean
    slowLikelihood = slowLikelihood.map { $0 + settings.recoverySlow * (mean - $0) } ?? mean
    var updated: [Double] = []
    swap(&updated, &logWeight)
    let temperature = settings.likelihoodTemperature
    for i in 0..<n { updated[i] += temperature * likelihoods[i] }
    swap(&updated, &logWeight)
    let weights = normalizedWeights()
    let ess = 1 / weights.reduce(0) { $0 + $1 * $1 }
    let gap = (slowLikelihood ?? mean) - (fastLikelihood ?? mean)
    var inject = gap > 0.5 ? min(0.5, (gap - 0.5) / 2) : 0
    if input.time >= lastFloorCheck + settings.floorCheckInterval {
      lastFloorCheck = input.time
      if floorLooksWrong(prepared, weights: weights) { inject = max(inject, 0.25) }
    }
    if !ess.isFinite || ess < settings.resampleThreshold * Double(n) || inject > 0 {
      resample(weights: weights, injectShare: inject, prepared: prepared)
    }
  }

  /// The scan's log-likelihood at each (level, cell, device offset): on two workers when there
  /// are many (the map and the scan are read-only and `Sendable`).
  func logLikelihoods(
    _ prepared: PreparedScan, at points: [(level: Int, cell: Int, offset: Double)]
  ) -> [Double] {
    let map = self.map
    @Sendable func score(_ range: Range<Int>) -> [Double] {
      points[range].map {
        map.logLikelihood(prepared, level: $0.level, cell: $0.cell, deviceOffset: $0.offset)
      }
    }
    guard points.count >= settings.parallelThreshold / 4 else { return score(points.indices) }
    let half = points.count / 2
    let ranges = [0..<half, half..<points.count]
    return concurrentMap(2) { score(ranges[$0]) }.flatMap { $0 }
  }

  /// Whether another mapped level explains the scan far better than the level holding most of
  /// the cloud: the floor watchdog. A cloud stuck on a wrong floor can explain uniformly weak
  /// signals with its device offset, so the likelihood-average recovery alone may never fire.
  /// Compares the levels' evidence (tempered likelihood summed over every third cell in each
  /// direction) at the cloud's mean device offset.
  func floorLooksWrong(_ prepared: PreparedScan, weights: [Double]) -> Bool {
    var massByLevel = [Double](repeating: 0, count: map.levels.count)
    var offsetMean = 0.0
    for i in weights.indices {
      let level = mapLevel[Int(plan[i])]
      if level >= 0 { massByLevel[level] += weights[i] }
      offsetMean += weights[i] * offset[i]
    }
    guard let cloudLevel = massByLevel.indices.max(by: { massByLevel[$0] < massByLevel[$1] })
    else { return false }
    var evidence = [Double](repeating: -.infinity, count: map.levels.count)
    // As the fingerprint locator does: only levels that know most of the scan's APs compete.
    let knownCounts = map.levels.indices.map { prepared.knownCount(level: $0) }
    let most = Double(knownCounts.max() ?? 0)
    let competing = map.levels.indices.filter {
      planOfLevel[$0] >= 0 && Double(knownCounts[$0]) >= 0.7 * most
    }
    // Every third cell each way, scored at the cloud's offset; then again with the offset that
    // fits each level's best cell. Each pass scores every competing level in one batch.
    let sampled = competing.map { l in
      let level = map.levels[l]
      var cells: [Int] = []
      for r in stride(from: 0, to: level.rows, by: 3) {
        for c in stride(from: 0, to: level.columns, by: 3) where level.inside[r * level.columns + c]
        {
          cells.append(r * level.columns + c)
        }
      }
      return cells
    }
    func scores(offsets: [Double]) -> [[(cell: Int, score: Double)]] {
      var points: [(level: Int, cell: Int, offset: Double)] = []
      for (k, l) in competing.enumerated() {
        points += sampled[k].map { (l, $0, offsets[k]) }
      }
      let values = logLikelihoods(prepared, at: points)
      var start = 0
      return sampled.map { cells in
        let part = values[start..<(start + cells.count)]
        start += cells.count
        return zip(cells, part).map { ($0, settings.likelihoodTemperature * $1) }
      }
    }
    let first = scores(offsets: competing.map { _ in offsetMean })
    var fitted = [Double](repeating: offsetMean, count: competing.count)
    var fits = [Bool](repeating: false, count: competing.count)
    for (k, l) in competing.enumerated() {
      guard let best = first[k].max(by: { $0.score < $1.score }) else { continue }
      fitted[k] = map.deviceOffset(prepared, level: l, at: map.levels[l].center(of: best.cell))
      fits[k] = true
    }
    let second = scores(offsets: fitted)
    for (k, l) in competing.enumerated() where fits[k] {
      let values = second[k].map(\.score)
      guard let top = values.max(), top > -.infinity else { continue }
      evidence[l] = top + log(values.reduce(0) { $0 + exp($1 - top) })
    }
    guard let best = evidence.indices.max(by: { evidence[$0] < evidence[$1] }) else { return false }
    if evidence[cloudLevel] == -.infinity { return evidence[best] > -.infinity }
    return best != cloudLevel && evidence[best] - evidence[cloudLevel] > settings.floorCheckMargin
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

  /// Systematic resampling to `resampledCount(weights:)` particles; `injectShare` of them are
  /// drawn afresh from the scan.
  func resample(weights: [Double], injectShare: Double, prepared: PreparedScan) {
    let n = weights.count
    let count = resampledCount(weights: weights)
    let fresh = Int(Double(count) * injectShare)
    let kept = count - fresh
    var nx: [Double] = []
    var ny: [Double] = []
    var np: [Int32] = []
    var nb: [Double] = []
    var ns: [Double] = []
    var no: [Double] = []
    var nc: [Int8] = []
    var nt: [Float] = []
    nx.reserveCapacity(count)
    ny.reserveCapacity(count)
    np.reserveCapacity(count)
    nb.reserveCapacity(count)
    ns.reserveCapacity(count)
    no.reserveCapacity(count)
    nc.reserveCapacity(count)
    nt.reserveCapacity(count)
    let stepSize = 1 / Double(max(kept, 1))
    var u = rng.uniform() * stepSize
    var cumulative = weights.first ?? 0
    var j = 0
    // Local copies of the arrays read per particle: no exclusivity check on each read.
    let (xs, ys, planOf, bias, scales) = (x, y, plan, headingBias, scale)
    let (offsets, climbs, transits) = (offset, climb, transit)
    for _ in 0..<kept {
      while u > cumulative, j < n - 1 {
        j += 1
        cumulative += weights[j]
      }
      nx.append(xs[j])
      ny.append(ys[j])
      np.append(planOf[j])
      nb.append(bias[j])
      ns.append(scales[j])
      no.append(offsets[j])
      nc.append(climbs[j])
      nt.append(transits[j])
      u += stepSize
    }
    (x, y, plan, headingBias, scale, offset) = (nx, ny, np, nb, ns, no)
    (climb, transit) = (nc, nt)
    logWeight = Array(repeating: 0, count: kept)
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

  /// Replaces every particle by `count` drawn from the scan's likelihood over the whole map.
  func redraw(count: Int, from prepared: PreparedScan) {
    x = []
    y = []
    plan = []
    headingBias = []
    climb = []
    transit = []
    scale = []
    offset = []
    logWeight = []
    append(count: count, from: prepared)
  }

  /// Adds `count` particles drawn from the scan's likelihood over every mapped cell.
  func append(count: Int, from prepared: PreparedScan) {
    var cells: [(level: Int, cell: Int, offset: Double)] = []
    for (l, level) in map.levels.enumerated() where planOfLevel[l] >= 0 {
      for cell in level.inside.indices where level.inside[cell] { cells.append((l, cell, 0)) }
    }
    let scores = logLikelihoods(prepared, at: cells).map { settings.likelihoodTemperature * $0 }
    guard let top = scores.max() else { return }
    var cumulative: [Double] = []
    var total = 0.0
    for score in scores {
      total += exp(score - top)
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
      climb.append(0)
      transit.append(.nan)
      scale.append(1 + rng.gaussian(sigma: settings.initialScaleSpread))
      offset.append(rng.gaussian(sigma: settings.initialOffsetSpread))
      logWeight.append(0)
    }
  }
}
