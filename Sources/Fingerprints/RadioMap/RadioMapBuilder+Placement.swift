import FloorPlans
import Geometry

extension RadioMapBuilder {
  /// Where one survey record goes: its point and, with a venue, its level; or why it cannot be
  /// used.
  enum Placement: Sendable {
    case placed(point: Point, level: Int?)
    case noPosition, unknownLevel, outsideVenue
  }

  /// A run of survey records placed on one worker, their BSSIDs numbered in the order first
  /// heard in the run.
  struct PlacedRun: Sendable {
    var placements: [Placement] = []
    /// The run's BSSIDs, first heard first.
    var bssids: [String] = []
    /// Per record, its readings as (index into `bssids`, RSSI dBm); empty when not placed.
    var readings: [[(accessPoint: Int32, rssi: Double)]] = []
  }

  /// Places `records`: positions into `target` (from `surveyFrame`), and with `plans` the level
  /// among `levelIDs` (the map's levels) and whether the point is walkable there.
  static func place(
    _ records: ArraySlice<SurveyRecord>, target: LocalFrame?, surveyFrame: LocalFrame?,
    plans: FloorPlanSet?, levelIDs: [String?]
  ) -> PlacedRun {
    var run = PlacedRun()
    run.placements.reserveCapacity(records.count)
    run.readings.reserveCapacity(records.count)
    var index: [String: Int32] = [:]
    for record in records {
      let placement = place(
        record, target: target, surveyFrame: surveyFrame, plans: plans, levelIDs: levelIDs)
      run.placements.append(placement)
      guard case .placed = placement else {
        run.readings.append([])
        continue
      }
      run.readings.append(
        record.scan.readings.map { r in
          if let a = index[r.bssid] { return (a, r.rssi) }
          index[r.bssid] = Int32(run.bssids.count)
          run.bssids.append(r.bssid)
          return (Int32(run.bssids.count - 1), r.rssi)
        })
    }
    return run
  }

  /// Places one record (see `place(_:target:surveyFrame:plans:levelIDs:)`).
  static func place(
    _ record: SurveyRecord, target: LocalFrame?, surveyFrame: LocalFrame?, plans: FloorPlanSet?,
    levelIDs: [String?]
  ) -> Placement {
    guard let point = record.point(in: target, surveyFrame: surveyFrame) else {
      return .noPosition
    }
    guard let plans else { return .placed(point: point, level: nil) }
    guard let floor = record.floor(in: plans),
      let k = levelIDs.firstIndex(where: { $0 == plans[floor].levelID })
    else {
      return .unknownLevel
    }
    guard plans[floor].isWalkable(point) else { return .outsideVenue }
    return .placed(point: point, level: k)
  }
}
