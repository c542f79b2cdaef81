import FingerpostCore
import FloorPlans
import Foundation
import Geometry

extension RadioMapBuilder {
  /// Counts of one AP in one grid cell.
  struct CellCounts {
    var heard = 0
    var sum = 0.0
    var sumSquares = 0.0
  }

  func buildLevel(key: LevelKey, scans: [Placed], plan: FloorPlan?, bssidIndex: [String: Int32])
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
      columns: columns, rows: rows, inside: [], accessPoints: [], table: [], baseline: [],
      points: [])
    let cellCount = columns * rows

    // Aggregate: scans per cell, per-AP counts per cell, and survey points by position.
    var scansInCell = [Int](repeating: 0, count: cellCount)
    var counts: [Int32: [Int: CellCounts]] = [:]
    for scan in scans {
      let cell = level.cell(at: scan.point)
      scansInCell[cell] += 1
      for r in scan.readings {
        guard let a = bssidIndex[r.bssid] else { continue }
        var c = counts[a, default: [:]][cell, default: CellCounts()]
        c.heard += 1
        c.sum += r.rssi
        c.sumSquares += r.rssi * r.rssi
        counts[a, default: [:]][cell] = c
      }
    }
    // kNN reference points: scans at one spot taken back to back (a survey stop) are averaged;
    // separate visits of the same spot stay separate fingerprints.
    level.points = Self.surveyPoints(scans, bssidIndex: bssidIndex, gap: stopGap)

    // Which cells are mapped.
    let surveyedCells = scansInCell.indices.filter { scansInCell[$0] > 0 }
    level.inside = (0..<cellCount).map { cell in
      let centre = level.center(of: cell)
      if let plan { return plan.isWalkable(centre) }
      return surveyedCells.contains { level.center(of: $0).distance(to: centre) <= coverageRadius }
    }
    let kernel = Self.kernel(spacing: spacing, lengthScale: lengthScale)
    let apList = counts.keys.sorted()
    level.accessPoints = apList
    let n = apList.count
    var grids = Grids(
      mean: [Float](repeating: -100, count: cellCount * n),
      spread: [Float](repeating: 10, count: cellCount * n),
      detection: [Float](repeating: 0.001, count: cellCount * n))
    for (j, a) in apList.enumerated() {
      fillAccessPoint(
        j, of: n, counts: counts[a]!, scansInCell: scansInCell, surveyedCells: surveyedCells,
        kernel: kernel, level: level, grids: &grids)
    }
    (level.table, level.baseline) = LikelihoodTable.make(
      mean: grids.mean, spread: grids.spread, detection: grids.detection, apCount: n,
      cells: cellCount,
      measurementSigma: measurementSigma)
    return level
  }

  /// Expected RSSI, spread and detection per `[cell * n + ap]`, before they become the table.
  struct Grids {
    var mean: [Float]
    var spread: [Float]
    var detection: [Float]
  }

  /// Survey points: consecutive scans at the same spot (within `gap` seconds of each other)
  /// merged, with each AP's mean RSSI when heard and the share of scans that heard it.
  static func surveyPoints(_ scans: [Placed], bssidIndex: [String: Int32], gap: Double) -> [RadioMap
    .SurveyPoint]
  {
    var points: [RadioMap.SurveyPoint] = []
    var run: [Placed] = []
    func flush() {
      guard let first = run.first else { return }
      var sums: [Int32: (sum: Double, heard: Int)] = [:]
      for scan in run {
        for r in scan.readings {
          guard let a = bssidIndex[r.bssid] else { continue }
          let old = sums[a] ?? (0, 0)
          sums[a] = (old.sum + r.rssi, old.heard + 1)
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

  private func fillAccessPoint(
    _ j: Int, of n: Int, counts: [Int: CellCounts], scansInCell: [Int], surveyedCells: [Int],
    kernel: [(Int, Int, Double)], level: RadioMap.Level, grids: inout Grids
  ) {
    let cells = level.columns * level.rows
    // Sorted by cell: sums in a fixed order make the map identical from run to run.
    let cellsHeard = counts.keys.sorted()
    let observations = cellsHeard.map { cell in
      let c = counts[cell]!
      return (point: level.center(of: cell), rssi: c.sum / Double(c.heard), weight: Double(c.heard))
    }
    let fit = PathLossFit.fit(observations)
    let overall =
      observations.reduce(0) { $0 + $1.rssi * $1.weight }
      / observations.reduce(0) { $0 + $1.weight }
    func model(_ p: Point) -> Double { fit?.rssi(at: p) ?? overall }
    // Residual variance around the model, and pooled within-cell variance (the noise floor).
    var residualSquares = 0.0
    var withinSquares = 0.0
    var withinCount = 0.0
    for cell in cellsHeard {
      let c = counts[cell]!
      let mean = c.sum / Double(c.heard)
      let r = mean - model(level.center(of: cell))
      residualSquares += r * r
      if c.heard > 1 {
        withinSquares += c.sumSquares - Double(c.heard) * mean * mean
        withinCount += Double(c.heard - 1)
      }
    }
    let residualVariance = min(max(residualSquares / Double(max(counts.count - 2, 1)), 4), 144)
    let noise = withinCount > 0 ? withinSquares / withinCount : measurementSigma * measurementSigma
    // Scatter residuals (heard cells) and detections (all surveyed cells) through the kernel.
    var weight = [Double](repeating: 0, count: cells)
    var weightedResidual = [Double](repeating: 0, count: cells)
    var detectionWeight = [Double](repeating: 0, count: cells)
    var detectionHits = [Double](repeating: 0, count: cells)
    for cell in surveyedCells {
      let c = counts[cell]
      let scans = Double(scansInCell[cell])
      let residual = c.map { $0.sum / Double($0.heard) - model(level.center(of: cell)) }
      let heard = Double(c?.heard ?? 0)
      let shrink = heard / (heard + 1)
      let col = cell % level.columns
      let row = cell / level.columns
      for (dc, dr, w) in kernel {
        let cc = col + dc
        let rr = row + dr
        guard cc >= 0, cc < level.columns, rr >= 0, rr < level.rows else { continue }
        let target = rr * level.columns + cc
        if let residual {
          weight[target] += w * shrink
          weightedResidual[target] += w * shrink * residual
        }
        detectionWeight[target] += w * scans
        detectionHits[target] += w * heard
      }
    }
    for cell in 0..<cells where level.inside[cell] {
      let i = cell * n + j
      let mean =
        model(level.center(of: cell)) + weightedResidual[cell] / (priorWeight + weight[cell])
      let variance = residualVariance * priorWeight / (priorWeight + weight[cell]) + noise
      let prior = 1 / (1 + exp(-(mean + 88) / 5))
      let p = (detectionHits[cell] + priorWeight * prior) / (detectionWeight[cell] + priorWeight)
      grids.mean[i] = Float(mean)
      grids.spread[i] = Float(variance.squareRoot())
      grids.detection[i] = Float(min(max(p, 0.001), 0.999))
    }
  }
}
