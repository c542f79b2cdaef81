import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Testing

/// A scan taken on a level must not be explained better by a level that knows none of its APs
/// (the convention venue's outdoor plaza beside the building, at the same ordinal): an AP the
/// level never saw is a density over RSSI like a known one, and a low one.
@Suite struct ForeignLevelTests {
  /// 40 APs over a 60 × 60 m hall, each heard to −95 dBm, readings off their model by a fixed
  /// ±5 dB pattern (walls and bodies the model does not know); `missing`: a third of them not
  /// reported.
  static let hallAPs = (0..<40).map { Point(x: Double($0 % 8) * 8 + 2, y: Double($0 / 8) * 14 + 3) }

  static func hallScan(at p: Point, time: Double, missing: Bool = false) -> Scan {
    var readings: [Reading] = []
    for (i, ap) in hallAPs.enumerated() where !(missing && i % 3 == Int(time) % 3) {
      let rssi = -35 - 30 * log10(max(p.distance(to: ap), 1)) + Double(i % 5 - 2) * 2.5
      if rssi > -95 {
        readings.append(Reading(bssid: "aa:00:00:00:01:\(i + 10)", rssi: rssi.rounded()))
      }
    }
    return Scan(time: time, device: "d", readings: readings)
  }

  static let map: RadioMap = {
    var records: [SurveyRecord] = []
    var t = 0.0
    for y in stride(from: 1.0, through: 59, by: 2) {
      for x in stride(from: 1.0, through: 59, by: 2) {
        t += 2
        let p = Point(x: x, y: y)
        records.append(
          SurveyRecord(scan: hallScan(at: p, time: t), ordinal: 0, building: "hall", position: p))
      }
    }
    // The plaza: one AP of its own, surveyed 200 m away.
    for x in stride(from: 200.0, through: 220, by: 2) {
      t += 2
      let p = Point(x: x, y: 10)
      let scan = Scan(
        time: t, device: "d", readings: [Reading(bssid: "bb:00:00:00:00:01", rssi: -60)])
      records.append(SurveyRecord(scan: scan, ordinal: 0, building: "plaza", position: p))
    }
    let survey = SurveyFile(header: SurveyHeader(venue: "two levels"), records: records)
    return RadioMapBuilder().build(surveys: [("two levels", survey)], plans: nil).map
  }()

  @Test func theLevelThatKnowsTheAPsWins() {
    let map = Self.map
    let hall = map.levels.firstIndex { $0.building == "hall" }!
    let plaza = map.levels.firstIndex { $0.building == "plaza" }!
    for (k, p) in [Point(x: 10, y: 10), Point(x: 31, y: 29), Point(x: 50, y: 45)].enumerated() {
      // A phone that misses a third of the APs the survey heard (a short scan).
      let scan = map.prepare(Self.hallScan(at: p, time: Double(k), missing: true))
      #expect(scan.knownCount(level: hall) > 20 && scan.knownCount(level: plaza) == 0)
      let best = { (level: Int) in
        map.levels[level].inside.indices.filter { map.levels[level].inside[$0] }
          .map { map.logLikelihood(scan, level: level, cell: $0) }.max()!
      }
      #expect(best(hall) > best(plaza) + 10, "at \(p): hall \(best(hall)), plaza \(best(plaza))")
    }
  }

  @Test func anAPOfAnotherLevelCostsItsDensity() {
    let map = Self.map
    let hall = map.levels.firstIndex { $0.building == "hall" }!
    var scan = Self.hallScan(at: Point(x: 20, y: 20), time: 0)
    let plain = map.logLikelihood(map.prepare(scan), level: hall, at: Point(x: 20, y: 20))
    scan.readings.append(Reading(bssid: "bb:00:00:00:00:01", rssi: -70))
    let withPlazaAP = map.logLikelihood(map.prepare(scan), level: hall, at: Point(x: 20, y: 20))
    #expect(abs((withPlazaAP - plain) - Double(RadioMap.unknownReadingLogLikelihood)) < 1e-3)
    #expect(RadioMap.unknownReadingLogLikelihood < log(0.05) - 4)
  }
}
