import Foundation
import Geometry

extension RadioMapBuilder {
  /// What the expectation pass needs of one filled AP: its fit and its kernel sums over
  /// `window`.
  struct ExpectationInputs {
    /// The AP's model and the variances around it.
    let fitted: FittedAccessPoint
    /// The window the kernel sums cover.
    let window: GridWindow
    /// Per window cell: kernel weight, weighted residual (dB) and weighted detections.
    let weight: [Double], weightedResidual: [Double], detectionHits: [Double]
  }

  /// What every AP of a level shares in the expectation pass.
  struct LevelCells: Sendable {
    /// Per cell, the kernel-weighted number of survey scans around it.
    let surveyWeight: [Double]
    /// Per cell, the mean RSSI (dBm) below which an AP that no survey scan heard near the cell
    /// has its detection probability at the floor (0.1 %) whatever the prior says, so the prior
    /// need not be evaluated there.
    let floorMeans: [Double]
    /// Per row, the runs of columns of mapped cells.
    let insideRuns: [[Range<Int>]]
    /// The cells outside the mapped area.
    let outsideCells: [Int]

    /// The cells of `level` with its `surveyWeight` and prior scale, for a builder's
    /// `priorWeight`.
    init(level: RadioMap.Level, surveyWeight: [Double], priorWeight: Double) {
      self.surveyWeight = surveyWeight
      floorMeans = zip(surveyWeight, level.priorScale).map { weight, factor in
        // p = λ·s·prior / (Σw + λ) ≤ 0.001 ⇔ prior ≤ t ⇔ mean ≤ −88 − 5·ln(1/t − 1).
        let t = 0.001 * (weight + priorWeight) / (priorWeight * Double(factor))
        guard t < 1 else { return .infinity }
        // A margin far above the rounding of the prior keeps the shortcut exact.
        return -88 - 5 * log(1 / t - 1) - 1e-6
      }
      insideRuns = (0..<level.rows).map { r in
        var runs: [Range<Int>] = []
        var c = 0
        while c < level.columns {
          guard level.inside[r * level.columns + c] else {
            c += 1
            continue
          }
          let first = c
          while c < level.columns && level.inside[r * level.columns + c] { c += 1 }
          runs.append(first..<c)
        }
        return runs
      }
      outsideCells = level.inside.indices.filter { !level.inside[$0] }
    }

    /// Sets log P(missed) of the cells outside the mapped area in `missed` (untouched by
    /// `expectations`) to what `accessPoints` APs, each adding the unmapped entry's, sum to.
    func addUnmapped(accessPoints: Int, to missed: inout [Double]) {
      let outside = log(1 - Double(Float(RadioMap.Entry.unmapped.detection)))
      // Added one by one, as a pass over every cell for every AP would.
      let total = (0..<accessPoints).reduce(0.0) { sum, _ in sum + outside }
      for cell in outsideCells { missed[cell] += total }
    }
  }

  /// The entries of `block` and the log P(missed) of each mapped cell, added to `missed`.
  ///
  /// Every value is computed as a dense pass over the whole grid computes it; where a cell's
  /// detection is at its floor (`LevelCells.floorMeans`), the prior and the logarithm are
  /// known. Cells outside the mapped area are left to `LevelCells.addUnmapped`.
  func expectations(
    _ a: ExpectationInputs, block: RadioMap.Block, level: RadioMap.Level, cells: LevelCells,
    missed: inout [Double]
  ) -> [RadioMap.Entry] {
    // Entries start unmapped: the block's cells outside the mapped area keep that.
    var entries = [RadioMap.Entry](repeating: .unmapped, count: Int(block.columns * block.rows))
    let floorDetection = Float(0.001)
    let atFloor = log(1 - Double(floorDetection))
    let window = a.window
    let (surveyWeight, floorMeans) = (cells.surveyWeight, cells.floorMeans)
    let priorScale = level.priorScale
    missed.withUnsafeMutableBufferPointer { missed in
      for r in 0..<level.rows {
        let rowInWindow = r >= window.row && r < window.row + window.rows
        let rowInBlock = r >= Int(block.row) && r < Int(block.row + block.rows)
        for run in cells.insideRuns[r] {
          for c in run {
            let cell = r * level.columns + c
            // Outside the window no heard cell is near: the kernel sums are 0.
            let i =
              rowInWindow && c >= window.column && c < window.column + window.columns
              ? window.index(column: c, row: r) : -1
            let w = i >= 0 ? a.weight[i] : 0
            let hits = i >= 0 ? a.detectionHits[i] : 0
            // The cell's centre as `level.center(of:)` gives it, without dividing.
            let centre = Point(
              x: level.origin.x + Double(c) * level.spacing,
              y: level.origin.y + Double(r) * level.spacing)
            let mean =
              a.fitted.model(centre) + (i >= 0 ? a.weightedResidual[i] : 0) / (priorWeight + w)
            let detection: Float
            if hits == 0 && mean < floorMeans[cell] {
              detection = floorDetection
            } else {
              let prior = RadioMap.AccessPointModel.prior(rssi: mean) * Double(priorScale[cell])
              let p = (hits + priorWeight * prior) / (surveyWeight[cell] + priorWeight)
              detection = Float(min(max(p, 0.001), 0.999))
            }
            if rowInBlock && c >= Int(block.column) && c < Int(block.column + block.columns) {
              let variance =
                a.fitted.residualVariance * priorWeight / (priorWeight + w) + a.fitted.noise
              entries[(r - Int(block.row)) * Int(block.columns) + c - Int(block.column)] =
                RadioMap.Entry(
                  rssi: Double(Float(mean)), spread: Double(Float(variance.squareRoot())),
                  detection: Double(detection))
            }
            missed[cell] += detection == floorDetection ? atFloor : log(1 - Double(detection))
          }
        }
      }
    }
    return entries
  }
}
