import FingerpostCore
import Foundation
import Geometry
import Testing

@testable import Fingerprints

/// Away from the survey, the APs a cell expects are brought down to what a scan reports.
@Suite struct RadioMapPriorScaleTests {
  /// 30 APs in a row north of a surveyed strip (x 0…20 m, y 0…2 m), following
  /// −30 − 30·log10(d); each scan reports every AP (`subset` false) or a third of them in turn.
  static func map(subset: Bool) -> RadioMap {
    let aps = (0..<30).map { Point(x: Double($0), y: 12) }
    var records: [SurveyRecord] = []
    var t = 0.0
    for x in stride(from: 0.0, through: 20, by: 1) {
      for y in [0.0, 2.0] {
        t += 2
        let p = Point(x: x, y: y)
        let readings = aps.enumerated().compactMap { i, ap -> Reading? in
          guard !subset || (i + Int(t / 2)) % 3 == 0 else { return nil }
          let rssi = (-30 - 30 * log10(max(p.distance(to: ap), 1))).rounded()
          return Reading(bssid: String(format: "aa:00:00:00:00:%02x", i), rssi: rssi)
        }
        records.append(
          SurveyRecord(
            scan: Scan(time: t, device: "d", readings: readings), ordinal: 0, building: "A",
            position: p))
      }
    }
    var builder = RadioMapBuilder()
    builder.coverageRadius = 14
    let survey = SurveyFile(header: SurveyHeader(venue: "strip"), records: records)
    return builder.build(surveys: [("strip", survey)], plans: nil).map
  }

  /// The expected number of APs reported in the cell at `p`: the sum of every AP's detection.
  static func expectedReports(_ map: RadioMap, at p: Point) -> Double {
    let cell = map.levels[0].cell(at: p)
    return map.levels[0].accessPoints.indices.reduce(0) {
      $0 + map.expectation(level: 0, cell: cell, slot: $1).detection
    }
  }

  @Test func scansThatReportATenthOfWhatTheModelsPredictScaleThePriorDown() {
    let map = Self.map(subset: true)
    let level = map.levels[0]
    // Ten a scan; the models, fitted to what was heard, predict all thirty strongly by the APs.
    let near = Point(x: 10, y: 11)
    #expect(level.surveyWeight[level.cell(at: near)] < 0.1)
    let scale = level.priorScale[level.cell(at: near)]
    #expect(scale > 0.25 && scale < 0.45, "scale \(scale)")
    let expected = Self.expectedReports(map, at: near)
    #expect(expected > 8 && expected <= 10.01, "expected \(expected)")
    // On the strip the survey's own share (a third of the scans each) speaks.
    let onStrip = Self.expectedReports(map, at: Point(x: 10, y: 1))
    #expect(onStrip > 8 && onStrip < 12, "on the strip \(onStrip)")
    // Without the factor the prior alone would expect nearly all thirty by the APs.
    let unscaled = level.accessPoints.indices.reduce(0.0) { sum, j in
      sum + RadioMap.AccessPointModel.prior(rssi: level.models[j].rssi(at: near))
    }
    #expect(unscaled > 25, "unscaled \(unscaled)")
  }

  @Test func scansThatReportEveryAPLeaveThePriorAlone() {
    let map = Self.map(subset: false)
    #expect(map.levels[0].priorScale.allSatisfy { $0 == 1 })
  }
}
