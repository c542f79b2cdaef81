import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import IMDF
import TestSupport

/// The sample office with a synthetic radio world built in code: on every level five APs (the
/// walkable box's corners, inset 5 m, and its centre) follow −30 − 30·log10(d) dBm with 15 dB
/// lost per floor; surveyed every 3 m of walkable space, and mapped on a 2 m grid.
enum OfficeRadio {
  static let plans: FloorPlanSet = {
    // The committed sample venue; a failure here is a broken checkout, not a test result.
    FloorPlanSet(venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office")))
  }()

  /// The APs: (BSSID, plan, position).
  static let accessPoints: [(bssid: String, plan: Int, position: Point)] = {
    var result: [(String, Int, Point)] = []
    for (p, plan) in plans.plans.enumerated() {
      guard let box = plan.walkableBounds?.expanded(by: -5) else { continue }
      let spots = [
        box.min, box.max, Point(x: box.min.x, y: box.max.y), Point(x: box.max.x, y: box.min.y),
        (box.min + box.max) / 2,
      ]
      for (k, spot) in spots.enumerated() {
        result.append((String(format: "aa:00:00:00:%02x:%02x", p, k), p, spot))
      }
    }
    return result
  }()

  /// A noiseless scan at `point` on plan `plan`, `offset` dB stronger than the survey's.
  static func scan(at point: Point, plan: Int, time: Double, offset: Double = 0) -> Scan {
    let ordinal = plans.plans[plan].ordinal
    var readings: [Reading] = []
    for ap in accessPoints {
      let floors = Double(abs(plans.plans[ap.plan].ordinal - ordinal))
      let rssi =
        (-30 - 30 * log10(max(point.distance(to: ap.position), 1)) - 15 * floors + offset)
        .rounded()
      if rssi > -95 { readings.append(Reading(bssid: ap.bssid, rssi: rssi)) }
    }
    return Scan(time: time, device: "test", readings: readings)
  }

  static let map = surveyedMap(plans: Array(plans.plans.indices)) {
    scan(at: $0, plan: $1, time: $2)
  }

  /// The radio map of a survey every 3 m of the walkable space of `surveyed` plans, each stop
  /// heard as `scan` gives it, on a 2 m grid.
  static func surveyedMap(
    plans surveyed: [Int], scan: (Point, Int, Double) -> Scan
  ) -> RadioMap {
    var records: [SurveyRecord] = []
    var t = 0.0
    for p in surveyed {
      let plan = plans.plans[p]
      guard let box = plan.walkableBounds else { continue }
      for y in stride(from: box.min.y + 1, to: box.max.y, by: 3) {
        for x in stride(from: box.min.x + 1, to: box.max.x, by: 3) {
          let point = Point(x: x, y: y)
          guard plan.isWalkable(point) else { continue }
          t += 2
          records.append(
            SurveyRecord(
              scan: scan(point, p, t), ordinal: plan.ordinal, levelID: plan.levelID,
              position: point))
        }
      }
    }
    var builder = RadioMapBuilder()
    builder.spacing = 2
    let survey = SurveyFile(header: SurveyHeader(venue: "office"), records: records)
    return builder.build(surveys: [("synthetic", survey)], plans: plans).map
  }

  /// The plan and unit index of the unit named `name` on the level with `ordinal`.
  static func unit(_ name: String, ordinal: Int) -> (plan: Int, unit: Int, anchor: Point) {
    for (p, plan) in plans.plans.enumerated() where plan.ordinal == ordinal {
      if let u = plan.units.firstIndex(where: { $0.label == name }) {
        return (p, u, plan.units[u].anchorPoint)
      }
    }
    fatalError("no unit \(name) on ordinal \(ordinal) of the sample office")
  }
}
