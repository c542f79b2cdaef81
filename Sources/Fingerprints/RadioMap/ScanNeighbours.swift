import FingerpostCore
import Foundation

/// Scans searchable by signal distance, as weighted kNN compares them (the positive
/// representation of RSSI and the Sørensen distance of `FingerprintLocator`), without a radio
/// map: for fitting what depends on which scans resemble which (a recording's scan lag, the
/// nearest-points field).
public struct ScanNeighbours: Sendable {
  /// Index of each BSSID seen.
  let bssids: [String: Int32]
  /// The scans' fingerprints.
  let index: NeighbourIndex
  /// RSSI at or below which an AP counts as not heard, dBm.
  let floorRSSI: Float
  /// Exponent of the representation.
  let exponent: Float

  /// Indexes `scans` with the kNN representation of `floorRSSI` (dBm) and `exponent`.
  public init(scans: [Scan], floorRSSI: Float = -105, exponent: Float = 2.718) {
    var bssids: [String: Int32] = [:]
    let fingerprints = scans.map { scan in
      Self.fingerprint(scan, floorRSSI: floorRSSI, exponent: exponent) { bssid in
        if let a = bssids[bssid] { return a }
        let a = Int32(bssids.count)
        bssids[bssid] = a
        return a
      }
    }
    self.bssids = bssids
    self.floorRSSI = floorRSSI
    self.exponent = exponent
    index = NeighbourIndex(
      fingerprints: fingerprints, accessPoints: bssids.count,
      level: [Int32](repeating: 0, count: scans.count), point: scans.indices.map { Int32($0) })
  }

  /// The `k` indexed scans nearest `scan` (index into the scans indexed, Sørensen distance),
  /// nearest first; empty when `scan` shares no AP with them.
  public func nearest(_ k: Int, to scan: Scan) -> [(index: Int, distance: Float)] {
    let query = Self.fingerprint(scan, floorRSSI: floorRSSI, exponent: exponent) {
      bssids[$0]
    }
    guard !query.isEmpty else { return [] }
    return NeighbourIndex.nearest(k, of: index.distances(query, sorensen: true)).map {
      ($0.index, $0.distance)
    }
  }

  /// A scan as (AP index, representation) pairs, the strongest reading of each BSSID, sorted by
  /// index; `id` names an AP's index (nil: not indexed, left out).
  static func fingerprint(
    _ scan: Scan, floorRSSI: Float, exponent: Float, id: (String) -> Int32?
  ) -> [(ap: Int32, value: Float)] {
    var strongest: [Int32: Float] = [:]
    for r in scan.readings {
      guard let a = id(r.bssid) else { continue }
      strongest[a] = max(strongest[a] ?? -.infinity, Float(r.rssi))
    }
    return strongest.map {
      ($0.key, FingerprintLocator.positive($0.value, floor: floorRSSI, exponent: exponent))
    }
    .sorted { $0.ap < $1.ap }
  }
}
