import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Testing

/// Scans searched by signal distance without a radio map.
@Suite struct ScanNeighboursTests {
  let points = (0..<10).map { Point(x: Double($0) * 2, y: 9) }

  @Test func theSameScanIsNearestAndTheOthersFollowBySignalDistance() {
    let scans = points.enumerated().map { Synthetic.scan(at: $1, time: Double($0)) }
    let index = ScanNeighbours(scans: scans)
    let found = index.nearest(4, to: Synthetic.scan(at: points[6], time: 99))
    #expect(found.count == 4)
    #expect(found[0].index == 6 && found[0].distance == 0)
    #expect(found.dropFirst().contains { $0.index == 5 || $0.index == 7 })
    #expect(found.map(\.distance) == found.map(\.distance).sorted())
    // The distance is Sørensen's over the powed representation, computed here by hand.
    func powed(_ r: Double) -> Double { pow(max(r + 105, 0) / 105, 2.718) }
    func sorensen(_ a: Scan, _ b: Scan) -> Double {
      var u: [String: Double] = [:]
      var v: [String: Double] = [:]
      for r in a.readings { u[r.bssid] = powed(r.rssi) }
      for r in b.readings { v[r.bssid] = powed(r.rssi) }
      let keys = Set(u.keys).union(v.keys)
      let difference = keys.reduce(0) { $0 + abs((u[$1] ?? 0) - (v[$1] ?? 0)) }
      return difference / keys.reduce(0) { $0 + (u[$1] ?? 0) + (v[$1] ?? 0) }
    }
    let query = Synthetic.scan(at: points[6], time: 99)
    for f in found {
      #expect(abs(Double(f.distance) - sorensen(query, scans[f.index])) < 1e-5)
    }
  }

  @Test func aScanSharingNoAccessPointFindsNothing() {
    let index = ScanNeighbours(scans: [Synthetic.scan(at: points[0], time: 0)])
    let stranger = Scan(
      time: 1, device: "d", readings: [Reading(bssid: "ff:00:00:00:00:09", rssi: -50)])
    #expect(index.nearest(3, to: stranger).isEmpty)
  }
}
