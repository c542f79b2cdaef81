import FingerpostCore
import FloorPlans
import Foundation
import Geometry

extension RadioMapBuilder {
  func buildLevel(key: LevelKey, scans: [Placed], plan: FloorPlan?)
    -> RadioMap.Level
  {
    // The grid: the plan's walkable space, or the surveyed area with a margin.
    let surveyed = BoundingBox(points: scans.map(\.point))
    let bounds =
      plan?.walkableBounds ?? surveyed?.expanded(by: coverageRadius)
      ?? BoundingBox(min: .zero, max: .zero)
    let origin = Point(x: bounds.min.x + spacing / 2, y: bounds.min.y + spacing / 2)
    let columns = max(1, Int((bounds.width / spacing).rounded(.up)))
    let rows = max(1, Int((bounds.height / spacing).rounded(.up)))
    var level = RadioMap.Level(
      building: key.building, ordinal: key.ordinal, levelID: key.levelID, origin: origin,
      spacing: spacing,
      columns: columns, rows: rows, inside: [], accessPoints: [], blocks: [], entries: [],
      models: [], surveyWeight: [], priorScale: [], baseline: [],
      points: [])
    let cellCount = columns * rows

    // Aggregate: scans per cell, and each AP's readings (cell, RSSI) in scan order; and the kNN
    // reference points: scans at one spot taken back to back (a survey stop) are averaged,
    // separate visits of the same spot stay separate fingerprints. The two on two workers.
    let grid = level
    let gap = stopGap
    let (aggregate, points) = concurrentPair(
      {
        var scansInCell = [Int](repeating: 0, count: cellCount)
        var readings: [Int32: [(cell: Int32, rssi: Double)]] = [:]
        for scan in scans {
          let cell = grid.cell(at: scan.point)
          scansInCell[cell] += 1
          for r in scan.readings {
            readings[r.accessPoint, default: []].append((Int32(cell), r.rssi))
          }
        }
        return (scansInCell: scansInCell, readings: readings)
      }, { Self.surveyPoints(scans, gap: gap) })
    let (scansInCell, readings) = aggregate
    level.points = points

    // Which cells are mapped.
    let surveyedCells = scansInCell.indices.filter { scansInCell[$0] > 0 }
    level.inside = (0..<cellCount).map { cell in
      let centre = level.center(of: cell)
      if let plan { return plan.isWalkable(centre) }
      return surveyedCells.contains { level.center(of: $0).distance(to: centre) <= coverageRadius }
    }
    let kernel = Self.kernel(spacing: spacing, lengthScale: lengthScale)
    let kernelRows = KernelRows(kernel)
    let surveyWeight = Self.surveyWeight(
      surveyedCells: surveyedCells, scansInCell: scansInCell, kernel: kernel, level: level)
    level.surveyWeight = surveyWeight.map { Float($0) }
    let apList = readings.keys.sorted()
    level.accessPoints = apList
    // The APs in a fixed number of chunks, each on a worker; chunks are joined in order, so the
    // map does not depend on the machine. First each AP's model, and with them the factor on the
    // detection prior per cell.
    let chunkCount = min(apList.count, 16)
    let parts = (0..<chunkCount).map {
      apList.count * $0 / chunkCount..<apList.count * ($0 + 1) / chunkCount
    }
    let (fittingLevel, readingsOfAP) = (level, readings)
    let fittedChunks = concurrentMap(chunkCount) { k in
      apList[parts[k]].map { fitAccessPoint(readings: readingsOfAP[$0]!, level: fittingLevel) }
    }
    level.priorScale = priorScales(
      fitted: fittedChunks, level: level,
      reported: Self.reported(scans, quantile: reportedQuantile))
    // Then each AP's expectation, with its own sum of log P(missed) per cell.
    let cells = LevelCells(level: level, surveyWeight: surveyWeight, priorWeight: priorWeight)
    let shared = level
    let chunks = concurrentMap(chunkCount) { k in
      var missed = [Double](repeating: 0, count: cellCount)
      let filled = fittedChunks[k].map { fitted in
        fillAccessPoint(fitted, level: shared, cells: cells, kernel: kernelRows, missed: &missed)
      }
      cells.addUnmapped(accessPoints: parts[k].count, to: &missed)
      return (filled: filled, missed: missed)
    }
    var baseline = [Double](repeating: 0, count: cellCount)
    for chunk in chunks {
      for cell in 0..<cellCount { baseline[cell] += chunk.missed[cell] }
      for filled in chunk.filled {
        var block = filled.block
        block.offset = Int64(level.entries.count)
        level.blocks.append(block)
        level.entries += filled.entries
        level.models.append(filled.model)
      }
    }
    level.baseline = baseline.map { Float($0) }
    return level
  }

  /// Per cell, the factor on the detection prior that brings the sum of every AP's prior there
  /// down to `reported` APs (1 where the models expect no more). Far from where the survey heard
  /// them, path-loss models fitted to heard readings alone predict strong signals: on a real
  /// building with a thousand APs the prior expected hundreds of APs in a scan that reports
  /// fifty, and the missed ones outweighed every reading.
  func priorScales(fitted chunks: [[FittedAccessPoint]], level: RadioMap.Level, reported: Double)
    -> [Float]
  {
    let cellCount = level.columns * level.rows
    let sums = concurrentMap(chunks.count) { k in
      var sum = [Double](repeating: 0, count: cellCount)
      for fitted in chunks[k] {
        for cell in 0..<cellCount where level.inside[cell] {
          sum[cell] += RadioMap.AccessPointModel.prior(rssi: fitted.model(level.center(of: cell)))
        }
      }
      return sum
    }
    return (0..<cellCount).map { cell in
      // Chunks added in order: the map does not depend on the machine.
      let expected = sums.reduce(0) { $0 + $1[cell] }
      return expected > reported ? max(Float(reported / expected), 1e-3) : 1
    }
  }

  /// The number of readings that a `quantile` share of `scans` reach at most (0 without scans).
  static func reported(_ scans: [Placed], quantile: Double) -> Double {
    let counts = scans.map(\.readings.count).sorted()
    guard !counts.isEmpty else { return 0 }
    return Double(counts[min(Int(quantile * Double(counts.count)), counts.count - 1)])
  }

  /// Per cell, the kernel-weighted number of survey scans around it (the same for every AP).
  static func surveyWeight(
    surveyedCells: [Int], scansInCell: [Int], kernel: [(Int, Int, Double)], level: RadioMap.Level
  ) -> [Double] {
    var weight = [Double](repeating: 0, count: level.columns * level.rows)
    for cell in surveyedCells {
      let scans = Double(scansInCell[cell])
      let (col, row) = (cell % level.columns, cell / level.columns)
      for (dc, dr, w) in kernel {
        let (cc, rr) = (col + dc, row + dr)
        guard cc >= 0, cc < level.columns, rr >= 0, rr < level.rows else { continue }
        weight[rr * level.columns + cc] += w * scans
      }
    }
    return weight
  }

  /// Survey points: consecutive scans at the same spot (within `gap` seconds of each other)
  /// merged, with each AP's mean RSSI when heard and the share of scans that heard it.
  static func surveyPoints(_ scans: [Placed], gap: Double) -> [RadioMap
    .SurveyPoint]
  {
    var points: [RadioMap.SurveyPoint] = []
    var run: [Placed] = []
    func flush() {
      guard let first = run.first else { return }
      var sums: [Int32: (sum: Double, heard: Int)] = [:]
      for scan in run {
        for r in scan.readings {
          let old = sums[r.accessPoint] ?? (0, 0)
          sums[r.accessPoint] = (old.sum + r.rssi, old.heard + 1)
        }
      }
      let readings = sums.map { a, v in
        RadioMap.Observation(
          accessPoint: a, rssi: Float(v.sum / Double(v.heard)),
          detection: Float(v.heard) / Float(run.count))
      }.sorted { $0.accessPoint < $1.accessPoint }
      points.append(
        RadioMap.SurveyPoint(position: first.point, scans: run.count, readings: readings))
      run = []
    }
    for scan in scans {
      if let last = run.last,
        last.point.distance(to: scan.point) > 0.05 || scan.time - last.time > gap
      {
        flush()
      }
      run.append(scan)
    }
    flush()
    return points
  }

  /// Kernel offsets within three length scales: (column offset, row offset, weight).
  static func kernel(spacing: Double, lengthScale: Double) -> [(Int, Int, Double)] {
    let reach = Int((3 * lengthScale / spacing).rounded(.up))
    var result: [(Int, Int, Double)] = []
    for dr in -reach...reach {
      for dc in -reach...reach {
        let d = (Double(dc * dc + dr * dr)).squareRoot() * spacing
        if d <= 3 * lengthScale { result.append((dc, dr, exp(-d / lengthScale))) }
      }
    }
    return result
  }
}
