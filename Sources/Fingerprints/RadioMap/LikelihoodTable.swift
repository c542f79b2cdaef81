import FingerpostCore
import Foundation
import Geometry

/// Per-level tables derived from a radio map for fast likelihoods: for each cell and AP the
/// expected RSSI, the inverse scale of its Student-t and a constant that folds in the t's
/// normaliser and the detection log-odds; and per cell the log-probability that every AP of the
/// level is missed. A likelihood then costs one `log1p` per reading.
enum LikelihoodTable {
  /// Degrees of freedom of the Student-t around the expected RSSI.
  static let degreesOfFreedom: Float = 4
  /// log of the Student-t normaliser Γ((ν+1)/2) / (Γ(ν/2) √(νπ)).
  static let logNormaliser: Double = {
    let nu = Double(degreesOfFreedom)
    let gammas: Double = lgamma((nu + 1) / 2) - lgamma(nu / 2)
    return gammas - 0.5 * log(nu * Double.pi)
  }()

  /// The table and per-cell baseline of a level from its expected RSSI, spread and detection
  /// arrays (`[cell * n + ap]`), the spread widened by `measurementSigma`.
  static func make(
    mean: [Float], spread: [Float], detection: [Float], apCount n: Int, cells: Int,
    measurementSigma: Double
  ) -> (table: [Float], baseline: [Float]) {
    var table = [Float](repeating: 0, count: cells * n * 3)
    var baseline = [Float](repeating: 0, count: cells)
    for cell in 0..<cells {
      var missed = 0.0
      for j in 0..<n {
        let i = cell * n + j
        let s = Double(spread[i])
        let scale = (s * s + measurementSigma * measurementSigma).squareRoot()
        let p = Double(detection[i])
        missed += log(1 - p)
        table[i * 3] = mean[i]
        table[i * 3 + 1] = Float(1 / scale)
        table[i * 3 + 2] = Float(logNormaliser - log(scale) + log(p) - log(1 - p))
      }
      baseline[cell] = Float(missed)
    }
    return (table, baseline)
  }
}

/// A scan resolved against a radio map once, so that many positions can be scored cheaply.
public struct PreparedScan: Sendable {
  /// The scan's time, seconds.
  public let time: Double
  /// Per level: (AP slot in the level, RSSI dBm) of the readings the level knows.
  let known: [[(slot: Int32, rssi: Float)]]
  /// Per level: readings of APs the level never saw.
  let unknown: [Int]
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
    var unknown: [Int] = []
    for levelSlots in slots {
      var list: [(slot: Int32, rssi: Float)] = []
      for (a, rssi) in sparse where levelSlots[Int(a)] >= 0 {
        list.append((levelSlots[Int(a)], rssi))
      }
      known.append(list)
      unknown.append(scan.readings.count - list.count)
    }
    return PreparedScan(
      time: scan.time, known: known, unknown: unknown, sparse: sparse, unmapped: unmapped)
  }

  /// The median of (reading − expected RSSI) over the scan's readings known at `point`: an
  /// estimate of the device's RSSI offset, robust to stale and outlying readings (dB).
  public func deviceOffset(_ scan: PreparedScan, level: Int, at point: Point) -> Double {
    let l = levels[level]
    let cell = l.cell(at: point)
    let differences = scan.known[level].map {
      Double($0.rssi) - l.expectedRSSI(cell: cell, slot: Int($0.slot))
    }
    .sorted()
    guard !differences.isEmpty else { return 0 }
    let middle = differences.count / 2
    return differences.count % 2 == 1
      ? differences[middle] : (differences[middle - 1] + differences[middle]) / 2
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
    let half = (LikelihoodTable.degreesOfFreedom + 1) / 2
    let inverseNu = 1 / LikelihoodTable.degreesOfFreedom
    let offset = Float(deviceOffset)
    // The level is read in place (a copy of `Level` would retain each of its arrays, and the
    // workers that score in parallel would contend for those counts).
    return levels.withUnsafeBufferPointer { all in
      let n = all[level].accessPoints.count
      var total =
        all[level].baseline[cell] + Float(scan.unknown[level])
        * Self.unknownAccessPointLogProbability
      all[level].table.withUnsafeBufferPointer { e in
        for (slot, rssi) in scan.known[level] {
          let i = (cell * n + Int(slot)) * 3
          let z = (rssi - offset - e[i]) * e[i + 1]
          total += e[i + 2] - half * log1p(z * z * inverseNu)
        }
      }
      return Double(total)
    }
  }
}
