import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Hummingbird
import Store

// The JSON shapes of the `/fp/v1` resources (`openapi.yaml` names them the same), with
// snake_case members as the geolocation API has them.

/// A venue in the list: id, name, upload size and time, survey scans and newest map version.
struct VenueResource: Encodable {
  var id: String
  var name: String
  var archive_bytes: Int
  var updated: Date
  var survey_scans: Int
  var map_version: Int?

  init(_ listing: VenueListing) {
    id = listing.id
    name = listing.name
    archive_bytes = listing.archiveBytes
    updated = listing.updated
    survey_scans = listing.surveyScans
    map_version = listing.mapVersion
  }
}

/// A level: IMDF id, ordinal, name, buildings, walkable area (m²) and units; a map-only
/// venue's levels have only what its map knows (ordinal, building, level id if any).
struct LevelResource: Encodable {
  var level_id: String?
  var ordinal: Int
  var name: String?
  var building_ids: [String]
  var walkable_m2: Double?
  var units: Int

  init(_ plan: FloorPlan) {
    level_id = plan.levelID
    ordinal = plan.ordinal
    name = plan.name
    building_ids = plan.buildingIDs
    walkable_m2 = plan.walkableArea.rounded(places: 1)
    units = plan.units.filter { !$0.isDerived }.count
  }

  init(_ level: RadioMap.Level) {
    level_id = level.levelID
    ordinal = level.ordinal
    name = nil
    building_ids = level.building.map { [$0] } ?? []
    walkable_m2 = nil
    units = 0
  }
}

/// A unit: IMDF id, name, category, level, and its anchor in the venue frame (metres) and WGS84.
struct UnitResource: Encodable {
  var unit_id: String
  var name: String?
  var category: String
  var level_id: String
  var ordinal: Int
  var x: Double
  var y: Double
  var lat: Double
  var lng: Double
  var area_m2: Double

  init(_ unit: PlanUnit, on plan: FloorPlan, frame: LocalFrame) {
    unit_id = unit.id
    name = unit.name
    category = unit.category
    level_id = plan.levelID
    ordinal = plan.ordinal
    x = unit.anchorPoint.x.rounded(places: 2)
    y = unit.anchorPoint.y.rounded(places: 2)
    let c = frame.coordinate(for: unit.anchorPoint)
    lat = c.latitude.rounded(places: 7)
    lng = c.longitude.rounded(places: 7)
    area_m2 = unit.area.rounded(places: 1)
  }
}

/// A built radio map: version, entity tag, scans it was built from, when, and where to fetch it.
struct MapResource: Encodable {
  var version: Int
  var etag: String
  var scans: Int
  var built: Date
  var url: String

  init(_ record: StoredRadioMap) {
    version = record.version
    etag = record.etag
    scans = record.scans
    built = record.built
    url = "/fp/v1/venues/\(record.venue)/radiomap"
  }
}

extension Request {
  /// The API key: the `key` query parameter, else an `Authorization: Bearer` header (what the
  /// web map sends, so that a key typed into it never shows in a URL or a server's log).
  var key: String? {
    if let key = uri.queryParameters.get("key") { return key }
    guard let value = headers[.authorization], value.count > 7,
      value.prefix(7).lowercased() == "bearer "
    else { return nil }
    return String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
  }
}
