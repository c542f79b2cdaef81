import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Hummingbird
import JSON
import Workflows

extension FingerprintService {
  /// `/v1/geolocate` and `/v2/geosubmit`, as Google's API and ichnaea answer them.
  func addGeolocationRoutes(to router: Hummingbird.Router<ServiceRequestContext>) {
    router.post("/v1/geolocate") { request, _ in await self.geolocate(request) }
    router.post("/v2/geosubmit") { request, _ in await self.geosubmit(request) }
    for path in ["/v1/geolocate", "/v2/geosubmit"] {
      for method in [HTTPRequest.Method.get, .put, .delete, .patch, .head] {
        router.on(RouterPath(path), method: method) { _, _ in
          Response.error(.methodNotAllowed("POST"))
        }
      }
    }
  }

  /// One scan → position: the venue whose map knows most of the networks heard, located there
  /// with the likelihood method; at least two known networks are needed (as ichnaea asks).
  func geolocate(_ request: Request) async -> Response {
    do throws(GeolocateError) {
      _ = try await keys.admit(request.key, for: .locate)
      let body = try await request.payload(upTo: configuration.requestLimit)
      let parsed = try GeolocateRequest.parse(body, limits: configuration.jsonLimits)
      guard parsed.wifi.count >= 2, let (entry, _) = catalog.venue(hearing: parsed.wifi),
        let locate = entry.locate
      else { throw .notFound }
      let scan = Scan(time: 0, device: "client", readings: parsed.wifi)
      guard let fix = try? locate.fix(scan),
        let answer = Geolocation(
          fix: fix, venue: entry.id, groundScale: locate.map.groundScale(at: fix.position))
      else { throw .notFound }
      return .json(answer)
    } catch {
      return .error(error)
    }
  }

  /// ichnaea's submission: `items[]`, each with `position` and `wifiAccessPoints`, and the
  /// indoor extension `{"venue", "level_id" | "ordinal", "x", "y"}` saying where in which venue
  /// (without x/y, the position's latitude and longitude are used). Stored as survey scans of
  /// that venue; items without a venue, a level or a position, or with fewer than one usable
  /// network, are not stored. The key must be allowed to write every venue named; it is checked
  /// (and the request counted) before the body is read.
  func geosubmit(_ request: Request) async -> Response {
    do throws(GeolocateError) {
      let key = try await keys.admit(request.key, for: .any)
      let body = try await request.payload(upTo: configuration.uploadLimit)
      let json = try JSONValue.body(body, limits: configuration.jsonLimits)
      guard let items = json["items"]?.arrayValue else {
        throw .parseError("the body needs an \"items\" array")
      }
      var byVenue: [String: [(id: String, line: String)]] = [:]
      for (index, item) in items.enumerated() {
        guard let (venue, line) = try surveyLine(item, index: index) else { continue }
        byVenue[venue, default: []].append((Self.digest(line), line))
      }
      // One request counted against the key's limit (above), however many venues it writes.
      if let other = byVenue.keys.sorted().first(where: { !key.mayWrite(venue: $0) }) {
        throw .forbidden("the key may not write venue \(other)")
      }
      for (venue, records) in byVenue {
        do {
          _ = try await store.appendSurvey(venue: venue, records: records)
        } catch {
          throw GeolocateError.serviceUnavailable("the survey could not be stored")
        }
      }
      return .json([String: String]())
    } catch {
      return .error(error)
    }
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

  /// The venue and survey line of one submitted item, nil when it cannot be placed; a
  /// `parseError` naming item `index` when a value is out of range.
  func surveyLine(_ item: JSONValue, index: Int) throws(GeolocateError) -> (
    venue: String, line: String
  )? {
    guard let indoor = item["indoor"], let id = indoor["venue"]?.stringValue,
      let entry = catalog.entry(id)
    else { return nil }
    guard let level = Self.level(of: indoor, in: entry) else { return nil }
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
    let readings = (item["wifiAccessPoints"]?.arrayValue ?? []).compactMap {
      GeolocateRequest.network($0).map { Reading(bssid: $0.mac, rssi: $0.rssi) }
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
