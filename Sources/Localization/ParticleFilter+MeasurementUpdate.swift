import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

// The measurement update: each scan weighs the particles by its likelihood at their level,
// position and device offset.

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
    field = locator?.neighbourField(prepared, settings: settings.neighbours)
    defer { field = nil }
    guard initialized else {
      redraw(count: settings.particles, from: prepared)
      initialized = true
      // Drawn from a fingerprint of where the walker is `scanLag` after the scan: the steps
      // until then are already in it.
      stillUntil = input.time + max(settings.scanLag, 0)
      return
    }
    // A cloud with nothing alive on a mapped level cannot be weighed: start again from the scan.
    if !particles.logWeight.indices.contains(where: {
      particles.logWeight[$0] > -.infinity && mapLevel[Int(particles.plan[$0])] >= 0
    }) {
      redraw(count: settings.particles, from: prepared)
      return
    }
    let n = particles.count
    let prior = normalizedWeights()
    var tempered = [Double](repeating: 0, count: n)
    // Recovery signal: the weighted mean log-likelihood (per known reading for the radio map),
    // averaged fast and slow.
    var mean = 0.0
    if settings.measurement.usesRadioMap {
      var likelihoods = [Double](repeating: -.infinity, count: n)
      let (slots, distinct) = scoredCells()
      let values = logLikelihoods(prepared, at: distinct)
      for i in 0..<n where slots[i] >= 0 { likelihoods[i] = values[Int(slots[i])] }
      mixConnectorFloors(prepared, likelihoods: &likelihoods)
      for i in 0..<n where prior[i] > 0 && likelihoods[i] > -.infinity {
        mean += prior[i] * likelihoods[i]
      }
      mean /= Double(known)
      let temperature = settings.likelihoodTemperature
      for i in 0..<n { tempered[i] = temperature * likelihoods[i] }
    }
    if let field {
      let values = neighbourLogLikelihoods(field)
      if !settings.measurement.usesRadioMap {
        // How well the cloud explains the scan against how well the field explains itself:
        // stationary, so a cloud that started in the wrong place is seen to be wrong as soon
        // as the scans move away from it.
        var marginal = 0.0
        for i in 0..<n where prior[i] > 0 && values[i] > -.infinity {
          marginal += prior[i] * exp(values[i])
        }
        mean = log(max(marginal, 1e-300)) - log(field.selfDensity)
      }
      let temperature = settings.neighbourTemperature
      for i in 0..<n { tempered[i] += temperature * values[i] }
    }
    weighByPlace(&tempered)
    steppedSinceScan = false
    fastLikelihood = fastLikelihood.map { $0 + settings.recoveryFast * (mean - $0) } ?? mean
    slowLikelihood = slowLikelihood.map { $0 + settings.recoverySlow * (mean - $0) } ?? mean
    var updated: [Double] = []
    swap(&updated, &particles.logWeight)
    for i in 0..<n { updated[i] += tempered[i] }
    swap(&updated, &particles.logWeight)
    weighByBarometer()
    let weights = normalizedWeights()
    let ess = 1 / weights.reduce(0) { $0 + $1 * $1 }
    if settings.measurement.usesRadioMap { updateOffsetEstimate(prepared, weights: weights) }
    let gap = (slowLikelihood ?? mean) - (fastLikelihood ?? mean)
    var inject = gap > 0.5 ? min(0.5, (gap - 0.5) / 2) : 0
    if trappedSteps >= settings.trappedSteps {
      // Most of the cloud has been against walls for steps on end: the walker is elsewhere.
      inject = max(inject, settings.trappedInjection)
      trappedSteps = 0
    }
    if input.time >= lastFloorCheck + settings.floorCheckInterval {
      lastFloorCheck = input.time
      if settings.measurement.usesRadioMap, floorLooksWrong(prepared, weights: weights) {
        inject = max(inject, 0.25)
      }
    }
    if !ess.isFinite || ess < settings.resampleThreshold * Double(n) || inject > 0 {
      resample(weights: weights, injectShare: inject, prepared: prepared)
    }
  }

  /// Draws each live particle's device offset from the shared estimate, and finds the distinct
  /// (level, cell, offset to 0.5 dB) its particles stand in: particles crowd into few cells, so
  /// each is scored once. Per particle, its slot in `distinct` (−1: dead or unmapped).
  func scoredCells() -> (slots: [Int32], distinct: [(level: Int, cell: Int, offset: Double)]) {
    let n = particles.count
    // Each level's grid, copied out once (a `Level` copy per particle would retain its arrays).
    let grids = map.levels.map {
      (origin: $0.origin, spacing: $0.spacing, columns: $0.columns, rows: $0.rows)
    }
    // Work on local arrays and a local score table (no exclusivity check or retain per
    // particle on the class's properties); the mutated ones are put back before use.
    var offsets: [Double] = []
    swap(&offsets, &particles.offset)
    var table = ScoreTable()
    swap(&table, &scores)
    let (xs, ys) = weighingPoints()
    let (planOf, weightsBefore, levelOfPlan) = (particles.plan, particles.logWeight, mapLevel)
    let offset = (mean: offsetEstimate.mean, sigma: offsetEstimate.variance.squareRoot())
    // Particles crowd into few cells: score each (level, cell, offset to 0.5 dB) once.
    table.reset(expected: n)
    var slots = [Int32](repeating: -1, count: n)
    var distinct: [(level: Int, cell: Int, offset: Double)] = []
    for i in 0..<n where weightsBefore[i] > -.infinity {
      offsets[i] = offset.mean + rng.gaussian(sigma: offset.sigma)
      let level = levelOfPlan[Int(planOf[i])]
      guard level >= 0 else { continue }
      let g = grids[level]
      let column = min(max(Int(((xs[i] - g.origin.x) / g.spacing).rounded()), 0), g.columns - 1)
      let row = min(max(Int(((ys[i] - g.origin.y) / g.spacing).rounded()), 0), g.rows - 1)
      let cell = row * g.columns + column
      let scored = ScoreTable.key(level: level, cell: cell, offset: offsets[i])
      let slot = table.slot(scored.key)
      if slot == distinct.count { distinct.append((level, cell, scored.offset)) }
      slots[i] = Int32(slot)
    }
    swap(&table, &scores)
    swap(&offsets, &particles.offset)
    return (slots, distinct)
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

  /// Weights normalised to sum 1 (all equal when every particle died).
  func normalizedWeights() -> [Double] {
    let logWeight = particles.logWeight
    let top = logWeight.max() ?? 0
    guard top > -.infinity else {
      return Array(repeating: 1 / Double(logWeight.count), count: logWeight.count)
    }
    var w = logWeight.map { exp($0 - top) }
    let total = w.reduce(0, +)
    for i in w.indices { w[i] /= total }
    return w
  }
}
