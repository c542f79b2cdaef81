import Foundation

extension RadioMap {
  /// The log-likelihood of a prepared scan in each of `cells` of level `level`, for a device
  /// whose readings are `deviceOffset` dB above the map's: the values of
  /// `logLikelihood(_:level:cell:deviceOffset:)`, summed in the same order, but reading AP by
  /// AP over all the cells, so that each AP's block and model are looked up once.
  public func logLikelihoods(
    _ scan: PreparedScan, level: Int, cells: [Int], deviceOffset: Double = 0
  ) -> [Double] {
    let offset = Float(deviceOffset)
    let unmapped = Entry.unmapped
    let priorWeight = Float(self.priorWeight)
    let plan = levels[level]
    let columns = plan.columns
    let n = cells.count
    var totals = [Float](repeating: 0, count: n)
    var column = [Int32](repeating: 0, count: n)
    var row = [Int32](repeating: 0, count: n)
    let unknown = scan.unknown[level]
    for (i, cell) in cells.enumerated() {
      column[i] = Int32(cell % columns)
      row[i] = Int32(cell / columns)
      totals[i] = plan.baseline[cell] + unknown
    }
    let far = farModels[level]
    totals.withUnsafeMutableBufferPointer { totals in
      column.withUnsafeBufferPointer { column in
        row.withUnsafeBufferPointer { row in
          cells.withUnsafeBufferPointer { cells in
            plan.inside.withUnsafeBufferPointer { inside in
              plan.entries.withUnsafeBufferPointer { entries in
                decoder.inverseScale.withUnsafeBufferPointer { inverse in
                  decoder.scaleConstant.withUnsafeBufferPointer { constant in
                    decoder.logit.withUnsafeBufferPointer { logit in
                      decoder.logKernel.withUnsafeBufferPointer { kernel in
                        for (slot, rssi) in scan.known[level] {
                          let block = plan.blocks[Int(slot)]
                          let model = far[Int(slot)]
                          let reading = rssi - offset
                          for i in 0..<n {
                            let dc = column[i] - block.column
                            let dr = row[i] - block.row
                            let e: Entry
                            if dc >= 0, dr >= 0, dc < block.columns, dr < block.rows {
                              e =
                                entries[Int(block.offset) + Int(dr) * Int(block.columns) + Int(dc)]
                            } else if inside[cells[i]] {
                              // Heard where the survey never heard it nearby: from the AP's model.
                              let centre = (
                                x: Float(plan.origin.x + Double(column[i]) * plan.spacing),
                                y: Float(plan.origin.y + Double(row[i]) * plan.spacing)
                              )
                              totals[i] += model.term(
                                rssi: reading, at: centre,
                                surveyWeight: plan.surveyWeight[cells[i]],
                                priorWeight: priorWeight, priorScale: plan.priorScale[cells[i]])
                              continue
                            } else {
                              e = unmapped
                            }
                            totals[i] += LikelihoodTable.term(
                              e, rssi: reading, inverse: inverse, constant: constant, logit: logit,
                              kernel: kernel)
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return totals.map(Double.init)
  }
}
