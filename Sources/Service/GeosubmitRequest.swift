import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import JSON

/// A submission of ichnaea's `/v2/geosubmit`: `items[]`, each with `position` and
/// `wifiAccessPoints`, and the indoor extension `{"venue", "level_id" | "ordinal", "x", "y"}`
/// saying where in which venue (without x/y, the position's latitude and longitude are used).
public struct GeosubmitRequest: Sendable {
  /// The submitted items, as sent.
  public var items: [JSONValue]

  /// Parses a body within `limits`; `parseError` when it is not JSON or holds no `items`
  /// array, `tooManyValues` beyond the limit's count of values.
  public static func parse(_ data: Data, limits: JSONParser.Limits) throws(GeolocateError)
    -> GeosubmitRequest
  {
    let json = try JSONValue.body(data, limits: limits)
    guard let items = json["items"]?.arrayValue else {
      throw .parseError("the body needs an \"items\" array")
    }
    return GeosubmitRequest(items: items)
  }

  /// The level an item's indoor extension names: by IMDF `level_id`, else by `ordinal` (and
  /// `building`, for a map-only venue whose map has several at one ordinal).
  static func level(of indoor: JSONValue, in entry: VenueCatalog.Entry) -> (
    ordinal: Int, levelID: String?, building: String?
  )? {
    if let plans = entry.plans {
      let floor =
        indoor["level_id"]?.stringValue.flatMap(plans.floor(levelID:))
        ?? indoor["ordinal"]?.intValue.flatMap { plans.floors(atOrdinal: $0).first }
      return floor.map { (plans[$0].ordinal, plans[$0].levelID, plans[$0].buildingIDs.first) }
    }
    let building = indoor["building"]?.stringValue
    let level = entry.map?.levels.first { level in
      if let id = indoor["level_id"]?.stringValue { return level.levelID == id }
      return level.ordinal == indoor["ordinal"]?.intValue
        && (building == nil || level.building == building)
    }
    return level.map { ($0.ordinal, $0.levelID, $0.building) }
  }

  /// The venue and survey line of item `index`, its venue found by `venue` (an id's loaded
  /// entry); nil when the item cannot be placed (no known venue or level, no position, no
  /// usable network); `parseError` naming the item when a value is out of range.
  public static func surveyLine(
    _ item: JSONValue, index: Int, in venue: (String) -> VenueCatalog.Entry?
  ) throws(GeolocateError) -> (venue: String, line: String)? {
    guard let indoor = item["indoor"], let id = indoor["venue"]?.stringValue,
      let entry = venue(id)
    else { return nil }
    guard let level = level(of: indoor, in: entry) else { return nil }
    let point: Point
    if let x = indoor["x"]?.doubleValue, let y = indoor["y"]?.doubleValue {
      point = Point(x: x, y: y)
    } else if let lat = item["position"]?["latitude"]?.doubleValue,
      let lon = item["position"]?["longitude"]?.doubleValue,
      let projected = entry.point(for: GeoCoordinate(longitude: lon, latitude: lat))
    {
      point = projected
    } else {
      return nil
    }
    // A lookup takes signals down to −150 dBm; a survey holds only what every reader takes back.
    let readings = (item["wifiAccessPoints"]?.arrayValue ?? []).compactMap {
      GeolocateRequest.network($0).flatMap {
        Reading.plausibleRSSI.contains($0.rssi) ? Reading(bssid: $0.mac, rssi: $0.rssi) : nil
      }
    }
    guard point.x.isFinite, point.y.isFinite, !readings.isEmpty else { return nil }
    let seconds = item["timestamp"]?.doubleValue.map { $0 / 1000 } ?? 0
    let record = SurveyRecord(
      scan: Scan(time: seconds, device: "geosubmit", readings: readings), ordinal: level.ordinal,
      levelID: level.levelID, building: level.building, position: point)
    if let problem = record.rangeProblem { throw .parseError("items[\(index)]: \(problem)") }
    return (id, SurveyWriter.line(record))
  }
}
