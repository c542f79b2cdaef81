import Foundation
import Geometry

extension RadioMapBuilder {
  /// Counts of one AP in one grid cell.
  struct CellCounts: Sendable {
    var heard = 0
    var sum = 0.0
    var sumSquares = 0.0
  }

  /// One AP of a level, fitted: its counts per heard cell (sorted) and its path-loss model with
  /// the variances around it.
  struct FittedAccessPoint: Sendable {
    var counts: [Int: CellCounts]
    var cellsHeard: [Int]
    /// The fitted model, if there were enough observations.
    var fit: PathLossFit?
    /// The mean RSSI heard (dBm): the model without a fit.
    var overall: Double
    /// The residual variance around the model and the within-cell noise variance, dB².
    var residualVariance: Double, noise: Double

    /// The model RSSI at `p`, dBm.
    func model(_ p: Point) -> Double { fit?.rssi(at: p) ?? overall }
  }

  /// One AP of a level, filled: its model, its block (offset 0) and the block's entries.
  struct FilledAccessPoint: Sendable {
    var model: RadioMap.AccessPointModel
    var block: RadioMap.Block
    var entries: [RadioMap.Entry]
  }

  /// Fits one AP of `level` to its `readings` (cell, RSSI dBm).
  func fitAccessPoint(readings: [(cell: Int32, rssi: Double)], level: RadioMap.Level)
    -> FittedAccessPoint
  {
    var counts: [Int: CellCounts] = [:]
    for r in readings {
      counts[Int(r.cell), default: CellCounts()].heard += 1
      counts[Int(r.cell)]!.sum += r.rssi
      counts[Int(r.cell)]!.sumSquares += r.rssi * r.rssi
    }
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
    return FittedAccessPoint(
      counts: counts, cellsHeard: cellsHeard, fit: fit, overall: overall,
      residualVariance: residualVariance, noise: noise)
  }

  /// Fills one fitted AP of `level` and adds its log P(missed) to `missed` in every mapped cell
  /// (`cells` are the level's shared tables).
  ///
  /// The kernel sums are taken over the window the AP's heard cells reach, and the expectation
  /// is kept over the block of mapped cells there (`keepsEveryCell`: the whole grid). Elsewhere
  /// on the level its model gives the expectation, the same value the map reads back.
  func fillAccessPoint(
    _ fitted: FittedAccessPoint, level: RadioMap.Level, cells: LevelCells,
    kernel rows: KernelRows, missed: inout [Double]
  ) -> FilledAccessPoint {
    let (counts, cellsHeard, fit) = (fitted.counts, fitted.cellsHeard, fitted.fit)
    let model = fitted.model

    // Scatter residuals and detections of the heard cells through the kernel, over the window.
    let reach = rows.rows.map { max(abs($0.offset), $0.reach) }.max() ?? 0
    let window =
      keepsEveryCell
      ? GridWindow(level: level)
      : GridWindow(
        cells: cellsHeard, level: level, margin: reach)
    var weight = [Double](repeating: 0, count: window.count)
    var weightedResidual = [Double](repeating: 0, count: window.count)
    var detectionHits = [Double](repeating: 0, count: window.count)
    weight.withUnsafeMutableBufferPointer { weight in
      weightedResidual.withUnsafeMutableBufferPointer { weightedResidual in
        detectionHits.withUnsafeMutableBufferPointer { detectionHits in
          rows.weights.withUnsafeBufferPointer { kernelWeights in
            for cell in cellsHeard {
              let c = counts[cell]!
              let residual = c.sum / Double(c.heard) - model(level.center(of: cell))
              let heard = Double(c.heard)
              let shrink = heard / (heard + 1)
              let (col, row) = (cell % level.columns, cell / level.columns)
              for kernelRow in rows.rows {
                let rr = row + kernelRow.offset
                guard rr >= 0, rr < level.rows else { continue }
                // The row's columns within the grid.
                let first = max(-kernelRow.reach, -col)
                let last = min(kernelRow.reach, level.columns - 1 - col)
                guard first <= last else { continue }
                // Pointers at the row's first column: a plain loop the compiler vectorizes
                // (each cell's sums keep their order, so the map does not change).
                let base = window.index(column: col, row: rr) + first
                let w = kernelWeights.baseAddress! + kernelRow.start + kernelRow.reach + first
                let (sw, sr, sd) = (
                  weight.baseAddress! + base, weightedResidual.baseAddress! + base,
                  detectionHits.baseAddress! + base
                )
                for i in 0..<(last &- first &+ 1) {
                  sw[i] += w[i] * shrink
                  sr[i] += w[i] * shrink * residual
                  sd[i] += w[i] * heard
                }
              }
            }
          }
        }
      }
    }
    // The block: the mapped cells the survey's evidence reaches.
    var block = RadioMap.Block(column: 0, row: 0, columns: 0, rows: 0, offset: 0)
    if keepsEveryCell {
      block = RadioMap.Block(
        column: 0, row: 0, columns: Int32(level.columns), rows: Int32(level.rows), offset: 0)
    } else {
      var (c0, r0, c1, r1) = (Int.max, Int.max, -1, -1)
      for r in window.row..<window.row + window.rows {
        for c in window.column..<window.column + window.columns
        where weight[window.index(column: c, row: r)] > 0 && level.inside[r * level.columns + c] {
          (c0, r0, c1, r1) = (min(c0, c), min(r0, r), max(c1, c), max(r1, r))
        }
      }
      if c1 >= 0 {
        block = RadioMap.Block(
          column: Int32(c0), row: Int32(r0), columns: Int32(c1 - c0 + 1), rows: Int32(r1 - r0 + 1),
          offset: 0)
      }
    }
    // The expectation over the block, and log P(missed) everywhere.
    let entries = expectations(
      ExpectationInputs(
        fitted: fitted, window: window,
        weight: weight, weightedResidual: weightedResidual, detectionHits: detectionHits),
      block: block, level: level, cells: cells, missed: &missed)
    let apModel = RadioMap.AccessPointModel(
      position: fit?.position ?? .zero, power: fit?.power ?? fitted.overall,
      exponent: fit?.exponent ?? 0, spread: (fitted.residualVariance + fitted.noise).squareRoot())
    return FilledAccessPoint(model: apModel, block: block, entries: entries)
  }
}

/// A rectangle of a level's grid: the cells an AP's kernel sums cover.
struct GridWindow {
  /// The first column and row, and the size in cells.
  let column: Int, row: Int, columns: Int, rows: Int

  /// The whole grid of `level`.
  init(level: RadioMap.Level) {
    (column, row, columns, rows) = (0, 0, level.columns, level.rows)
  }

  /// The bounding box of `cells` widened by `margin` cells, within the grid of `level`.
  init(cells: [Int], level: RadioMap.Level, margin: Int) {
    guard !cells.isEmpty else {
      (column, row, columns, rows) = (0, 0, 0, 0)
      return
    }
    let cs = cells.map { $0 % level.columns }
    let rs = cells.map { $0 / level.columns }
    let c0 = max(cs.min()! - margin, 0)
    let r0 = max(rs.min()! - margin, 0)
    let c1 = min(cs.max()! + margin, level.columns - 1)
    let r1 = min(rs.max()! + margin, level.rows - 1)
    (column, row, columns, rows) = (c0, r0, c1 - c0 + 1, r1 - r0 + 1)
  }

  /// Cells in the window.
  var count: Int { columns * rows }

  /// Whether grid cell (`c`, `r`) is in the window.
  func contains(column c: Int, row r: Int) -> Bool {
    c >= column && c < column + columns && r >= row && r < row + rows
  }

  /// The window's index of grid cell (`c`, `r`), which must be in it.
  func index(column c: Int, row r: Int) -> Int { (r - row) * columns + (c - column) }
}

/// A kernel of `RadioMapBuilder.kernel` by rows: per row offset, its columns −reach…reach are
/// contiguous in `weights` (the kernel is a disc, so every row is one run).
struct KernelRows {
  /// One row: its row offset, its half-width in cells, and where its weights start.
  struct Row {
    let offset: Int, reach: Int, start: Int
  }
  let rows: [Row]
  let weights: [Double]

  init(_ kernel: [(Int, Int, Double)]) {
    var rows: [Row] = []
    var weights: [Double] = []
    for offset in Set(kernel.map(\.1)).sorted() {
      let run = kernel.filter { $0.1 == offset }.sorted { $0.0 < $1.0 }
      let reach = run.last!.0
      precondition(run.count == 2 * reach + 1 && run[0].0 == -reach, "kernel rows are runs")
      rows.append(Row(offset: offset, reach: reach, start: weights.count))
      weights += run.map(\.2)
    }
    self.rows = rows
    self.weights = weights
  }
}
