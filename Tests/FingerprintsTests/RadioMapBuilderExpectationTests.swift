import Foundation
import Testing

@testable import Fingerprints

/// The expectation pass skips work where the answer is known; these check that what it skips is
/// what the full computation would give.
@Suite struct RadioMapBuilderExpectationTests {
  /// A level of `columns` × 1 cells, the first `inside` of them mapped, the detection prior
  /// scaled by `priorScale` everywhere.
  func level(columns: Int, inside: Int, priorScale: Float = 1) -> RadioMap.Level {
    RadioMap.Level(
      building: nil, ordinal: 0, levelID: nil, origin: .zero, spacing: 1, columns: columns,
      rows: 1, inside: (0..<columns).map { $0 < inside }, accessPoints: [], blocks: [],
      entries: [], models: [], surveyWeight: [],
      priorScale: Array(repeating: priorScale, count: columns), baseline: [], points: [])
  }

  /// Below a cell's floor mean the detection is at its floor whatever the prior; just above it,
  /// it is not (the threshold is tight, so the shortcut saves what it can).
  @Test(arguments: [Float(1), 0.3, 0.02])
  func belowTheFloorMeanTheDetectionIsAtItsFloor(priorScale: Float) {
    let builder = RadioMapBuilder()
    let weights = [0, 0.3, 1, 4.5, 20, 137, 998, 999, 5_000]
    let cells = RadioMapBuilder.LevelCells(
      level: level(columns: weights.count, inside: weights.count, priorScale: priorScale),
      surveyWeight: weights, priorWeight: builder.priorWeight)
    func detection(mean: Double, weight: Double) -> Float {
      let prior = RadioMap.AccessPointModel.prior(rssi: mean) * Double(priorScale)
      let p = builder.priorWeight * prior / (weight + builder.priorWeight)
      return Float(min(max(p, 0.001), 0.999))
    }
    for (cell, weight) in weights.enumerated() {
      let floorMean = cells.floorMeans[cell]
      if floorMean == .infinity {
        // So much survey evidence that the prior alone never lifts the detection off the floor.
        #expect(detection(mean: 0, weight: weight) == Float(0.001))
        continue
      }
      for step in 0..<2_000 {
        let mean = floorMean - Double(step) * 0.013
        #expect(detection(mean: mean, weight: weight) == Float(0.001), "weight \(weight)")
      }
      #expect(detection(mean: floorMean + 0.01, weight: weight) > Float(0.001), "weight \(weight)")
    }
  }

  /// Cells outside the mapped area get, once a chunk, the sum a pass over every AP would add.
  @Test func unmappedCellsGetTheSumOfEveryAccessPointsTerm() {
    let cells = RadioMapBuilder.LevelCells(
      level: level(columns: 10, inside: 6), surveyWeight: Array(repeating: 1, count: 10),
      priorWeight: 1)
    #expect(cells.outsideCells == [6, 7, 8, 9])
    #expect(cells.insideRuns == [[0..<6]])
    var missed = [Double](repeating: 0, count: 10)
    cells.addUnmapped(accessPoints: 37, to: &missed)
    let term = log(1 - Double(Float(RadioMap.Entry.unmapped.detection)))
    var oneByOne = 0.0
    for _ in 0..<37 { oneByOne += term }
    #expect(missed[0..<6].allSatisfy { $0 == 0 })
    #expect(missed[6...].allSatisfy { $0.bitPattern == oneByOne.bitPattern })
  }
}
