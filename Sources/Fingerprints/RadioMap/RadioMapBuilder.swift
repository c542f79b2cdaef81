import FingerpostCore
import FloorPlans
import Foundation
import Geometry

/// The survey ingester: surveys in, a `RadioMap` out.
///
/// Scans are binned per level into grid cells (repeated visits of a place merge into one cell's
/// counts). For each AP on each level a log-distance model is fitted (`PathLossFit`); its
/// residuals at surveyed cells are spread with an exponential kernel of length `lengthScale` and
/// shrunk towards the model by a pseudo-count `priorWeight` — the posterior mean of a Gaussian
/// process under a diagonal approximation — and the predictive variance σ²·λ/(λ + Σw) grows from
/// the measured within-cell variance near surveyed cells to the model's residual variance far
/// from them. Detection probability is smoothed the same way towards a logistic prior of the
/// predicted RSSI, scaled per cell so that the APs a cell expects are no more than the survey's
/// scans report (`reportedQuantile`).
public struct RadioMapBuilder: Sendable {
  /// Cell size of the map grid, metres.
  public var spacing = 1.0
  /// Correlation length of the residual kernel, metres.
  public var lengthScale = 3.0
  /// Pseudo-count pulling predictions towards the path-loss model.
  public var priorWeight = 1.0
  /// Without a venue: cells farther than this from every survey point are outside the map, metres.
  public var coverageRadius = 8.0
  /// Each cell's detection priors are scaled so that together they expect no more APs than this
  /// share of the level's survey scans report at most (`RadioMap.Level.priorScale`; it matters
  /// away from the survey, where the prior is not outweighed by survey counts).
  public var reportedQuantile = 0.9
  /// Measurement noise added to every spread, dB.
  public var measurementSigma = 2.0
  /// Scans at one spot at most this many seconds apart form one survey point (a stop).
  public var stopGap = 10.0
  /// Whether every AP keeps an entry in every cell (its block the whole grid): the dense map the
  /// sparse one must agree with, for tests.
  var keepsEveryCell = false

  /// Counts of what could not be used, reported by the ingester.
  public struct Report: Sendable {
    /// Scans whose level names no level of the venue.
    public var unknownLevel = 0
    /// Scans whose position is outside the venue's walkable space.
    public var outsideVenue = 0
    /// Scans without a usable position.
    public var noPosition = 0
    /// Scans used.
    public var used = 0
  }

  /// Creates a builder with default settings.
  public init() {}

  /// One scan placed on a level of the map, its readings as (AP index into the map's BSSIDs,
  /// RSSI dBm).
  struct Placed {
    let level: Int
    let point: Point
    let time: Double
    let readings: [(accessPoint: Int32, rssi: Double)]
  }

  /// Builds the map of `surveys` (with their names for the record); `plans` (optional) gives
  /// levels and walkable space; `progress` is told (levels done, levels in all).
  public func build(
    surveys: [(name: String, survey: SurveyFile)], plans: FloorPlanSet?,
    progress: (Int, Int) -> Void = { _, _ in }
  ) -> (map: RadioMap, report: Report) {
    var report = Report()
    var keys: [LevelKey] = []
    var keyIndex: [LevelKey: Int] = [:]
    if let plans {
      for plan in plans.plans {
        let key = LevelKey(
          building: plan.buildingIDs.first, ordinal: plan.ordinal, levelID: plan.levelID)
        keyIndex[key] = keys.count
        keys.append(key)
      }
    }
    var placed: [Placed] = []
    var bssids: [String] = []
    var bssidIndex: [String: Int32] = [:]
    let header = surveys.first?.survey.header
    // Positions go into the venue's frame, or without a venue into the first survey's.
    let target = plans?.frame ?? header?.origin.map(LocalFrame.init(origin:))
    for (_, survey) in surveys {
      let surveyFrame = survey.header?.origin.map(LocalFrame.init(origin:))
      // Records placed in runs on every core, then numbered here in record order: BSSIDs are
      // numbered in the order first heard, as one pass would.
      let records = survey.records
      let runCount = min(16, max(records.count / 1_000, 1))
      let levelIDs = keys.map(\.levelID)
      let runs = concurrentMap(runCount) { k in
        Self.place(
          records[(records.count * k / runCount)..<(records.count * (k + 1) / runCount)],
          target: target, surveyFrame: surveyFrame, plans: plans, levelIDs: levelIDs)
      }
      for (k, run) in runs.enumerated() {
        let numbers = run.bssids.map { bssid in
          if let a = bssidIndex[bssid] { return a }
          bssidIndex[bssid] = Int32(bssids.count)
          bssids.append(bssid)
          return Int32(bssids.count - 1)
        }
        let first = records.count * k / runCount
        for (i, placement) in run.placements.enumerated() {
          let level: Int
          let point: Point
          switch placement {
          case .noPosition:
            report.noPosition += 1
            continue
          case .unknownLevel:
            report.unknownLevel += 1
            continue
          case .outsideVenue:
            report.outsideVenue += 1
            continue
          case .placed(let p, let k?):
            (point, level) = (p, k)
          case .placed(let p, nil):
            // Without a venue, levels are the records' labels, numbered as first seen.
            let record = records[first + i]
            let key = LevelKey(
              building: record.building, ordinal: record.ordinal ?? 0, levelID: record.levelID)
            if let k = keyIndex[key] {
              level = k
            } else {
              keyIndex[key] = keys.count
              keys.append(key)
              level = keys.count - 1
            }
            point = p
          }
          placed.append(
            Placed(
              level: level, point: point, time: records[first + i].scan.time,
              readings: run.readings[i].map { (numbers[Int($0.accessPoint)], $0.rssi) }))
          report.used += 1
        }
      }
    }
    var levels: [RadioMap.Level] = []
    let byLevel = Dictionary(grouping: placed, by: \.level)
    for (k, key) in keys.enumerated() {
      progress(k, keys.count)
      let plan = plans.flatMap { set in set.plans.first { $0.levelID == key.levelID } }
      levels.append(
        buildLevel(key: key, scans: byLevel[k] ?? [], plan: plan))
    }
    progress(keys.count, keys.count)
    let sources = surveys.map { "\($0.name) (\($0.survey.records.count) scans)" }
    let map = RadioMap(
      bssids: bssids, levels: levels, origin: plans?.frame.origin ?? header?.origin,
      frame: plans == nil ? header?.frame : nil,
      sources: sources, measurementSigma: measurementSigma, priorWeight: priorWeight)
    return (map, report)
  }

  struct LevelKey: Hashable {
    let building: String?
    let ordinal: Int
    let levelID: String?
  }
}
