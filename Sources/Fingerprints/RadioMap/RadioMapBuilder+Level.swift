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
      columns: columns, rows: rows, inside: [], accessPoints: [], blocks: [], entries: [],
      models: [], surveyWeight: [], baseline: [],
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
    // Each AP's expectation over the whole grid, one AP at a time, kept over its block.
    var missed = [Double](repeating: 0, count: cellCount)
    var blocks: [RadioMap.Block] = []
    var entries: [RadioMap.Entry] = []
    var models: [RadioMap.AccessPointModel] = []
    let surveyWeight = Self.surveyWeight(
      surveyedCells: surveyedCells, scansInCell: scansInCell, kernel: kernel, level: level)
    for a in apList {
      let (grids, model) = fillAccessPoint(
        counts: counts[a]!, scansInCell: scansInCell, surveyedCells: surveyedCells,
        kernel: kernel, level: level, surveyWeight: surveyWeight)
      models.append(model)
      for cell in 0..<cellCount { missed[cell] += log(1 - Double(grids.detection[cell])) }
      blocks.append(
        keepsEveryCell
          ? RadioMap.Block(
            column: 0, row: 0, columns: Int32(columns), rows: Int32(rows),
            offset: Int64(entries.count))
          : Self.block(of: grids, level: level, offset: entries.count))
      let block = blocks[blocks.count - 1]
      for r in Int(block.row)..<Int(block.row + block.rows) {
        for c in Int(block.column)..<Int(block.column + block.columns) {
          let cell = r * columns + c
          entries.append(
            RadioMap.Entry(
              rssi: Double(grids.mean[cell]), spread: Double(grids.spread[cell]),
              detection: Double(grids.detection[cell])))
        }
      }
    }
    level.blocks = blocks
    level.entries = entries
    level.models = models
    level.surveyWeight = surveyWeight.map { Float($0) }
    level.baseline = missed.map { Float($0) }
    return level
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

  /// One AP's expected RSSI (dBm), spread (dB) and detection probability per cell, and the
  /// cells where the survey's evidence moved them off its model.
  struct Grids {
    var mean: [Float]
    var spread: [Float]
    var detection: [Float]
    var evidence: [Bool]
  }

  /// The block of cells where the survey heard an AP: every mapped cell whose expectation the
  /// AP's readings moved off its model (within three kernel lengths of a cell that heard it).
  /// Outside it, the model gives the expectation exactly (`RadioMap.AccessPointModel`).
  static func block(of grids: Grids, level: RadioMap.Level, offset: Int) -> RadioMap.Block {
    var (c0, r0, c1, r1) = (Int.max, Int.max, -1, -1)
    for cell in level.inside.indices where level.inside[cell] && grids.evidence[cell] {
      let (c, r) = (cell % level.columns, cell / level.columns)
      (c0, r0, c1, r1) = (min(c0, c), min(r0, r), max(c1, c), max(r1, r))
    }
    guard c1 >= 0 else {
      return RadioMap.Block(column: 0, row: 0, columns: 0, rows: 0, offset: Int64(offset))
    }
    return RadioMap.Block(
      column: Int32(c0), row: Int32(r0), columns: Int32(c1 - c0 + 1), rows: Int32(r1 - r0 + 1),
      offset: Int64(offset))
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

  func fillAccessPoint(
    counts: [Int: CellCounts], scansInCell: [Int], surveyedCells: [Int],
    kernel: [(Int, Int, Double)], level: RadioMap.Level, surveyWeight detectionWeight: [Double]
  ) -> (Grids, RadioMap.AccessPointModel) {
    let cells = level.columns * level.rows
    var grids = Grids(
      mean: [Float](repeating: -100, count: cells), spread: [Float](repeating: 10, count: cells),
      detection: [Float](repeating: 0.001, count: cells),
      evidence: [Bool](repeating: false, count: cells))
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
    var detectionHits = [Double](repeating: 0, count: cells)
    for cell in surveyedCells {
      let c = counts[cell]
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
          grids.evidence[target] = true
        }
        if heard > 0 {
          detectionHits[target] += w * heard
          grids.evidence[target] = true
        }
      }
    }
    for cell in 0..<cells where level.inside[cell] {
      let i = cell
      let mean =
        model(level.center(of: cell)) + weightedResidual[cell] / (priorWeight + weight[cell])
      let variance = residualVariance * priorWeight / (priorWeight + weight[cell]) + noise
      let prior = 1 / (1 + exp(-(mean + 88) / 5))
      let p = (detectionHits[cell] + priorWeight * prior) / (detectionWeight[cell] + priorWeight)
      grids.mean[i] = Float(mean)
      grids.spread[i] = Float(variance.squareRoot())
      grids.detection[i] = Float(min(max(p, 0.001), 0.999))
    }
    let model = RadioMap.AccessPointModel(
      position: fit?.position ?? .zero, power: fit?.power ?? overall, exponent: fit?.exponent ?? 0,
      spread: (residualVariance + noise).squareRoot())
    return (grids, model)
  }
}
