import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Localization
import Replay
import Scoring
import Simulation

// Choosing what weighs the filter's scans from the training walks: the nearest survey points
// follow real signals where the survey is dense (ILC: 106 walks a floor), the map's per-AP model
// reaches the places no walk surveyed (IPIN: each path's own corridors); which one a site needs
// is measured on its training walks, never set by hand.

extension WalkEvaluation {
  /// The measurements `measurement == nil` chooses between.
  static let measurementCandidates: [ParticleFilterSettings.Measurement] = [
    .neighbours, .radioMap,
  ]
  /// Inner folds of the training walks the choice is measured on.
  static let innerFolds = 3
  /// Training walks replayed per candidate (spread over the training walks in order).
  static let innerWalks = 12

  /// What a fold's filter weighs scans by, and the mean error (metres) each candidate made.
  public struct MeasurementChoice: Sendable, Codable, Hashable {
    /// The measurement chosen.
    public var chosen: ParticleFilterSettings.Measurement
    /// Each candidate's mean error over the training walks replayed, metres.
    public var meanError: [String: Double]
  }

  /// The candidate whose filter localizes the training walks best: up to `innerWalks` of
  /// `training`, each replayed with a map of the training walks of the other inner folds
  /// (by group, as the outer folds), with `settings` and each candidate; the lowest mean error
  /// at 2 Hz wins (the first candidate on a tie or when nothing could be replayed).
  func chooseMeasurement(
    training: [SiteWalk], plans: FloorPlanSet, venuePath: String,
    settings: ParticleFilterSettings, name: String
  ) throws(FingerpostError) -> MeasurementChoice {
    var order: [String: Int] = [:]
    for walk in training where order[walk.group] == nil { order[walk.group] = order.count }
    let k = min(Self.innerFolds, order.count)
    let candidates = Self.measurementCandidates
    guard k >= 2 else { return MeasurementChoice(chosen: candidates[0], meanError: [:]) }
    let inner = training.map { order[$0.group]! % k }
    let step = max(1, training.count / Self.innerWalks)
    let chosen = Array(stride(from: 0, to: training.count, by: step).prefix(Self.innerWalks))
    var maps: [Int: RadioMap] = [:]
    for f in Set(chosen.map { inner[$0] }) {
      maps[f] =
        Self.map(
          of: training.indices.filter { inner[$0] != f }.map { training[$0] },
          lag: settings.scanLag, plans: plans, name: name, source: "inner folds"
        ).map
    }
    let frozen = maps
    let errors = try runJobs(chosen.count * candidates.count, workers: jobs) {
      j throws(FingerpostError) -> Double? in
      let index = chosen[j / candidates.count]
      var tried = settings
      tried.measurement = candidates[j % candidates.count]
      let site = training[index]
      let walk = self.walk(
        of: site, seed: seed &+ UInt64(index), plans: plans, venuePath: venuePath, venue: name)
      let fixes = try replay(
        walk, file: site.file, plans: plans, map: frozen[inner[index]]!, settings: tried,
        kind: .pf
      ).fixes
      let instants = Scorer().instants(truth: site.truth, fixes: fixes)
      return instants.isEmpty ? nil : WalkEvaluationReport.Metric.mean.value(instants)
    }
    var meanError: [String: Double] = [:]
    for (c, candidate) in candidates.enumerated() {
      let values = stride(from: c, to: errors.count, by: candidates.count).compactMap {
        errors[$0]
      }
      if !values.isEmpty {
        meanError[candidate.rawValue] = values.reduce(0, +) / Double(values.count)
      }
    }
    let best = candidates.min {
      (meanError[$0.rawValue] ?? .infinity) < (meanError[$1.rawValue] ?? .infinity)
    }
    return MeasurementChoice(chosen: best ?? candidates[0], meanError: meanError)
  }

  /// How the folds chose: `chosen in N of K folds` per measurement, with the mean errors.
  static func summary(of choices: [MeasurementChoice]) -> String {
    guard !choices.isEmpty else { return "" }
    let counts = measurementCandidates.compactMap { candidate -> String? in
      let n = choices.filter { $0.chosen == candidate }.count
      guard n > 0 else { return nil }
      let errors = measurementCandidates.compactMap { c -> String? in
        let values = choices.filter { $0.chosen == candidate }.compactMap {
          $0.meanError[c.rawValue]
        }
        guard !values.isEmpty else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        return "\(c.rawValue) " + String(format: "%.2f m", mean)
      }
      return "\(candidate.rawValue) in \(n) of \(choices.count) folds"
        + (errors.isEmpty ? "" : " (training walks: " + errors.joined(separator: ", ") + ")")
    }
    return counts.joined(separator: "; ") + ", chosen on each fold's training walks"
  }
}
