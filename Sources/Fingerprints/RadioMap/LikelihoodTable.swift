import FingerpostCore
import Foundation
import Geometry

/// The Student-t the likelihood puts around each expected RSSI.
enum LikelihoodTable {
  /// Degrees of freedom of the Student-t around the expected RSSI.
  static let degreesOfFreedom: Float = 4
  /// log of the Student-t normaliser Γ((ν+1)/2) / (Γ(ν/2) √(νπ)).
  static let logNormaliser: Double = {
    let nu = Double(degreesOfFreedom)
    let gammas: Double = lgamma((nu + 1) / 2) - lgamma(nu / 2)
    return gammas - 0.5 * log(nu * Double.pi)
  }()
  /// Table steps per unit of z² in `logKernel`.
  static let kernelSteps: Float = 64
  /// z² up to which `logKernel` is tabulated.
  static let kernelRange: Float = 64
  /// log1p(z²/ν) at z² = k / `kernelSteps`, k = 0 … `kernelRange` · `kernelSteps` (+1): the
  /// Student-t's kernel by linear interpolation, within 1e-5 of log1p.
  static let logKernel: [Float] = (0...Int(kernelRange * kernelSteps) + 1).map {
    Float(log1p(Double($0) / Double(kernelSteps) / Double(degreesOfFreedom)))
  }

  /// The log-likelihood term of a reading of `rssi` dBm (the device offset removed) where the map
  /// holds entry `e`: the Student-t's log density around the entry's RSSI, at its spread, plus
  /// the log-odds of its detection; `inverse`, `constant`, `logit` and `kernel` are the map
  /// decoder's tables.
  @inline(__always)
  static func term(
    _ e: RadioMap.Entry, rssi: Float, inverse: UnsafeBufferPointer<Float>,
    constant: UnsafeBufferPointer<Float>, logit: UnsafeBufferPointer<Float>,
    kernel: UnsafeBufferPointer<Float>
  ) -> Float {
    let s = Int(e.spreadCode)
    let z = (rssi - Float(e.quarterDBm) * 0.25) * inverse[s]
    return constant[s] + logit[Int(e.detectionCode)] - (degreesOfFreedom + 1) / 2
      * logKernel(z * z, table: kernel)
  }

  /// log1p(`u` / ν) for `u` = z² ≥ 0, from `table` (`logKernel`) below `kernelRange`.
  @inline(__always)
  static func logKernel(_ u: Float, table: UnsafeBufferPointer<Float>) -> Float {
    guard u < kernelRange else { return log1pf(u * (1 / degreesOfFreedom)) }
    let x = u * kernelSteps
    let k = Int(x)
    return table[k] + (x - Float(k)) * (table[k + 1] - table[k])
  }
}

/// A scan resolved against a radio map once, so that many positions can be scored cheaply.
public struct PreparedScan: Sendable {
  /// The scan's time, seconds.
  public let time: Double
  /// Per level: (AP slot in the level, RSSI dBm) of the readings the level knows.
  let known: [[(slot: Int32, rssi: Float)]]
  /// Per level: the log-likelihood of the readings of APs the level never saw but another
  /// level of the map did (`RadioMap.unknownReadingLogLikelihood`).
  let unknown: [Float]
  /// (map-wide AP index, RSSI) of the readings the map knows, sorted by index (for kNN).
  let sparse: [(ap: Int32, rssi: Float)]
  /// Readings of APs the map never saw.
  let unmapped: Int

  /// Readings of APs the map knows (on at least one level).
  public var knownCount: Int { sparse.count }

  /// Readings of APs that level `level` knows.
  public func knownCount(level: Int) -> Int { known[level].count }
}

extension RadioMap {
  /// log P(an AP the level never saw is reported).
  public static let unknownAccessPointLogProbability: Float = log(0.05)

  /// The log-likelihood of reading an AP the level never saw (but another level did): reported
  /// at all with `unknownAccessPointLogProbability`, at an RSSI uniform over the 70 dB a phone
  /// reports (−100…−30 dBm). A known reading's term is a density over RSSI as well; without
  /// one here an unknown AP cost less than a known AP heard as expected, and a level that knows
  /// none of a scan's APs (an outdoor level beside the building) outscored the level the scan
  /// was taken on.
  public static let unknownReadingLogLikelihood: Float =
    unknownAccessPointLogProbability
    + log(1 / 70)

  /// Whether any of the scan's readings names an AP the map knows (what `prepare(_:)` would
  /// find at least one of).
  public func namesAny(of scan: Scan) -> Bool {
    scan.readings.contains { bssidIndex[$0.bssid] != nil }
  }

  /// Resolves a scan's BSSIDs against the map.
  public func prepare(_ scan: Scan) -> PreparedScan {
    let index = bssidIndex
    var sparse: [(ap: Int32, rssi: Float)] = []
    var unmapped = 0
    for r in scan.readings {
      if let a = index[r.bssid] { sparse.append((a, Float(r.rssi))) } else { unmapped += 1 }
    }
    sparse.sort { $0.ap < $1.ap }
    var known: [[(slot: Int32, rssi: Float)]] = []
    var unknown: [Float] = []
    for levelSlots in slots {
      var list: [(slot: Int32, rssi: Float)] = []
      var foreign: Float = 0
      for (a, rssi) in sparse {
        if levelSlots[Int(a)] >= 0 {
          list.append((levelSlots[Int(a)], rssi))
        } else {
          foreign += Self.unknownReadingLogLikelihood
        }
      }
      known.append(list)
      // APs the whole map never saw weigh the same everywhere: only those other levels know
      // tell levels apart.
      unknown.append(foreign)
    }
    return PreparedScan(
      time: scan.time, known: known, unknown: unknown, sparse: sparse, unmapped: unmapped)
  }

  /// The median of (reading − expected RSSI) over the scan's readings known at `point`: an
  /// estimate of the device's RSSI offset, robust to stale and outlying readings (dB).
  public func deviceOffset(_ scan: PreparedScan, level: Int, at point: Point) -> Double {
    let differences = offsetDifferences(scan, level: level, at: point)
    return differences.isEmpty ? 0 : Self.median(differences)
  }

  /// Reading − expected RSSI at `point` for each of the scan's readings known on `level`, dB.
  func offsetDifferences(_ scan: PreparedScan, level: Int, at point: Point) -> [Double] {
    let l = levels[level]
    let cell = l.cell(at: point)
    return scan.known[level].map {
      Double($0.rssi) - l.expectation(cell: cell, slot: Int($0.slot), priorWeight: priorWeight).rssi
    }
  }

  /// The median of non-empty `values`.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The log-likelihood of a prepared scan at `point` on level `level`, for a device whose
  /// readings are `deviceOffset` dB above the map's.
  @inlinable
  public func logLikelihood(
    _ scan: PreparedScan, level: Int, at point: Point, deviceOffset: Double = 0
  ) -> Double {
    logLikelihood(
      scan, level: level, cell: levels[level].cell(at: point), deviceOffset: deviceOffset)
  }

  /// The log-likelihood of a prepared scan in cell `cell` of level `level`.
  public func logLikelihood(_ scan: PreparedScan, level: Int, cell: Int, deviceOffset: Double = 0)
    -> Double
  {
    let offset = Float(deviceOffset)
    // The level is read in place (a copy of `Level` would retain each of its arrays, and the
    // workers that score in parallel would contend for those counts).
    let unmapped = Entry.unmapped
    let priorWeight = Float(self.priorWeight)
    return levels.withUnsafeBufferPointer { all in
      let columns = all[level].columns
      let (c, r) = (cell % columns, cell / columns)
      let centre = (
        x: Float(all[level].origin.x + Double(c) * all[level].spacing),
        y: Float(all[level].origin.y + Double(r) * all[level].spacing)
      )
      let mapped = all[level].inside[cell]
      let weight = all[level].surveyWeight[cell]
      let priorScale = all[level].priorScale[cell]
      var total =
        all[level].baseline[cell] + scan.unknown[level]
      all[level].blocks.withUnsafeBufferPointer { blocks in
        all[level].entries.withUnsafeBufferPointer { entries in
          farModels[level].withUnsafeBufferPointer { far in
            decoder.inverseScale.withUnsafeBufferPointer { inverse in
              decoder.scaleConstant.withUnsafeBufferPointer { constant in
                decoder.logit.withUnsafeBufferPointer { logit in
                  decoder.logKernel.withUnsafeBufferPointer { kernel in
                    for (slot, rssi) in scan.known[level] {
                      let e: Entry
                      if let i = blocks[Int(slot)].entry(column: c, row: r) {
                        e = entries[i]
                      } else if mapped {
                        // Heard where the survey never heard it nearby: from the AP's model.
                        total += far[Int(slot)].term(
                          rssi: rssi - offset, at: centre, surveyWeight: weight,
                          priorWeight: priorWeight, priorScale: priorScale)
                        continue
                      } else {
                        e = unmapped
                      }
                      total += LikelihoodTable.term(
                        e, rssi: rssi - offset, inverse: inverse, constant: constant,
                        logit: logit, kernel: kernel)
                    }
                  }
                }
              }
            }
          }
        }
      }
      return Double(total)
    }
  }
}

extension RadioMap {
  /// The device's RSSI offset as the scan suggests it at `point` on level `level`: the median of
  /// (reading − expected RSSI) over the scan's readings known there, and that median's standard
  /// error from their spread (1.2533 · 1.4826 · MAD / √k), dB; nil with fewer than 3 readings.
  public func offsetEvidence(_ scan: PreparedScan, level: Int, at point: Point)
    -> (offset: Double, standardError: Double)?
  {
    let differences = offsetDifferences(scan, level: level, at: point)
    guard differences.count >= 3 else { return nil }
    let m = Self.median(differences)
    let mad = Self.median(differences.map { abs($0 - m) })
    let error = 1.2533 * 1.4826 * max(mad, 0.5) / Double(differences.count).squareRoot()
    return (m, error)
  }
}
