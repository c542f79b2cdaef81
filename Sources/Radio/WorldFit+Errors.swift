import FingerpostCore
import FloorPlans
import Foundation
import Randomness

extension WorldFit.Work {
  /// Standard errors and medians by world-file key: the spread of the fit over
  /// `settings.bootstrap` resamples of the placed radios (the shared parameters, reference
  /// powers and spreads refitted, placements kept), and where the resamples centre.
  func bootstrap(generator: RandomGenerator) throws(RandomnessError) -> (
    standardErrors: [String: Double], medians: [String: Double]
  ) {
    let placed = radios.indices.filter { positions[$0] != nil }
    guard placed.count >= 5, settings.bootstrap >= 2 else { return ([:], [:]) }
    let within = withinCell()
    let slow = model.walkFadingSigma * model.walkFadingSigma
    var draws: [String: [Double]] = [:]
    for _ in 0..<settings.bootstrap {
      var weights = [Double](repeating: 0, count: radios.count)
      for _ in placed.indices {
        weights[placed[try generator.uniformInt(below: placed.count)]] += 1
      }
      let (theta, powers) = Self.solve(
        rows: rows, radioWeights: weights, theta: theta, powers: powers, free: free,
        iterations: 10)
      for k in 0..<5 where free[k] { draws[Self.thetaKeys[k], default: []].append(theta[k]) }
      for (band, key) in [(Band.ghz2_4, "reference_power_24"), (.ghz5, "reference_power_5")] {
        let values = placed.filter { radios[$0].band == band }.flatMap { r in
          Array(repeating: powers[r], count: Int(weights[r]))
        }
        if let median = values.median { draws[key, default: []].append(median) }
      }
      var (squares, count) = (0.0, 0.0)
      for r in placed {
        squares += weights[r] * within[r].squares
        count += weights[r] * within[r].count
      }
      guard count > 0 else { continue }
      let fading2 = squares / count
      // The cells' offset is the scan's and the walk's together (`fitWalkFading` splits it).
      draws["fading_sigma", default: []].append(
        max(fading2 - model.sharedOffsetVariance, 1).squareRoot())
      var (sum, inverse, n) = (0.0, 0.0, 0.0)
      for row in rows where weights[row.radio] > 0 {
        var value = row.level - powers[row.radio]
        for k in 0..<5 { value += theta[k] * row.features[k] }
        sum += weights[row.radio] * value * value
        inverse += weights[row.radio] / row.weight
        n += weights[row.radio]
      }
      if n > 0 {
        // As the fit: what the cells' means vary by less fading, less the walks' slow fading
        // (`fitWalkFading`), which the cells had counted as shadowing.
        let shadowing = max(sum / n - fading2 * inverse / n, 1)
        draws["shadowing_sigma", default: []].append(max(shadowing - slow, 1).squareRoot())
      }
    }
    let standardErrors = draws.compactMapValues { values -> Double? in
      guard values.count >= 2 else { return nil }
      let mean = values.reduce(0, +) / Double(values.count)
      return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1))
        .squareRoot()
    }
    return (standardErrors, draws.compactMapValues(\.median))
  }

  /// The model's mean against every reading of a placed radio in held-out cells, against each
  /// held-out cell's mean reading of it, and against the readings of the cells it was fitted to;
  /// and the model with the shadowing its training cells imply nearby (`ShadowingEvidence`)
  /// against every reading of held-out cells.
  func residuals(_ samples: [WorldFit.Sample]) -> (
    heldOut: WorldFit.Residuals, heldOutCells: WorldFit.Residuals, training: WorldFit.Residuals,
    heldOutConditioned: WorldFit.Residuals
  ) {
    // Per (radio, cell): the model's mean as reported, and with the shadowing the training
    // cells imply with the variance that leaves.
    var predictions: [Int: (field: Double, reported: Double)?] = [:]
    var conditioned: [Int: (mean: Double, variance: Double)] = [:]
    var evidence: [Int: ShadowingEvidence] = [:]
    var found: [Int32] = []
    var errors: [[Double]] = [[], [], []]
    var expected: [Double] = [0, 0, 0]
    var cellSums: [Int: (sum: Double, count: Double)] = [:]
    let variance = readingVariance
    let shadowing = model.shadowingSigma * model.shadowingSigma
    let noise = model.readingNoiseVariance
    for (s, sample) in samples.enumerated() {
      let c = sampleCells[s]
      for reading in sample.readings where radios.indices.contains(reading.radio) {
        let r = reading.radio
        guard positions[r] != nil else { continue }
        let key = r * cells.count + c
        if predictions[key] == nil {
          predictions[key] = features(radio: r, cell: c, found: &found).map {
            let field = mean(radio: r, features: $0)
            return (field, field + model.reportedExcess(mean: field, variance: variance))
          }
        }
        guard let (field, predicted) = predictions[key]! else { continue }
        errors[cells[c].heldOut ? 0 : 1].append(reading.rssi - predicted)
        expected[cells[c].heldOut ? 0 : 1] += variance
        guard cells[c].heldOut else { continue }
        cellSums[key, default: (0, 0)].sum += reading.rssi - predicted
        cellSums[key]!.count += 1
        if conditioned[key] == nil {
          let floor = r * plans.plans.count + cells[c].floor
          if evidence[floor] == nil {
            evidence[floor] = shadowingEvidence(radio: r, floor: cells[c].floor, found: &found)
          }
          let estimate = evidence[floor]!.estimate(at: cells[c].point)
          let local = field + estimate.mean
          let left = shadowing * estimate.remaining + noise
          conditioned[key] = (local + model.reportedExcess(mean: local, variance: left), left)
        }
        errors[2].append(reading.rssi - conditioned[key]!.mean)
        expected[2] += conditioned[key]!.variance
      }
    }
    func summary(_ e: [Double], expected: Double) -> WorldFit.Residuals {
      guard !e.isEmpty else {
        return WorldFit.Residuals(readings: 0, rms: .nan, p90: .nan, expected: .nan)
      }
      let sorted = e.map(abs).sorted()
      return WorldFit.Residuals(
        readings: e.count, rms: (e.reduce(0) { $0 + $1 * $1 } / Double(e.count)).squareRoot(),
        p90: sorted[min(sorted.count - 1, Int(0.9 * Double(sorted.count)))],
        expected: (expected / Double(e.count)).squareRoot())
    }
    let keys = cellSums.keys.sorted()
    let cellErrors = keys.map { cellSums[$0]!.sum / cellSums[$0]!.count }
    // A held-out cell's readings are mostly of one walk: what a walk keeps does not average out.
    let cellExpected = keys.reduce(0) {
      $0 + shadowing + model.walkNoiseVariance + model.scanNoiseVariance / cellSums[$1]!.count
    }
    return (
      summary(errors[0], expected: expected[0]), summary(cellErrors, expected: cellExpected),
      summary(errors[1], expected: expected[1]), summary(errors[2], expected: expected[2])
    )
  }

  /// What radio `r`'s training cells on plan `floor` say about its shadowing there: each
  /// cell's mean reading less the fitted model's mean (`found` is scratch).
  func shadowingEvidence(radio r: Int, floor: Int, found: inout [Int32]) -> ShadowingEvidence {
    let places = trainingTallies(r).compactMap { tally -> ShadowingEvidence.Place? in
      guard cells[tally.cell].floor == floor,
        let x = features(radio: r, cell: tally.cell, found: &found)
      else { return nil }
      return ShadowingEvidence.Place(
        point: cells[tally.cell].point,
        residual: model.impliedShadowing(reading: tally.mean, mean: mean(radio: r, features: x)),
        readings: tally.heard)
    }
    return ShadowingEvidence(places: places, model: model)
  }

  /// The placed radios as the world's APs, with their training cells and misfit.
  func placedRadios() -> [WorldFit.Placed] {
    var squares = [Double](repeating: 0, count: radios.count)
    var counts = [Double](repeating: 0, count: radios.count)
    for row in rows {
      let e = row.level - mean(radio: row.radio, features: row.features)
      squares[row.radio] += e * e
      counts[row.radio] += 1
    }
    return radios.indices.compactMap { r -> WorldFit.Placed? in
      guard let position = positions[r] else { return nil }
      let radio = radios[r]
      return WorldFit.Placed(
        accessPoint: AccessPoint(
          bssid: radio.bssid, ssid: "fitted", floor: FloorID(position.floor),
          position: position.point, band: radio.band, frequency: radio.frequency,
          referencePower: powers[r]),
        cells: trainingTallies(r).count,
        rms: counts[r] > 0 ? (squares[r] / counts[r]).squareRoot() : .nan,
        given: radio.known != nil)
    }
  }

  /// The radios heard too little to place, with their training cells.
  func unplacedRadios() -> [(bssid: String, cells: Int)] {
    radios.indices.filter { positions[$0] == nil }.map {
      (radios[$0].bssid, trainingTallies($0).count)
    }
  }
}
