import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Hummingbird
import IMDF
import Store
import Workflows

/// The indoor endpoints under `/fp/v1` for venues: upload, delete and read them (levels, units,
/// validation), their surveys, radio maps and map builds, and locate in one.
struct VenueController: Sendable {
  /// The venues loaded, their map builds and files.
  let library: VenueLibrary
  /// API keys and their daily counts.
  let keys: KeyGate
  /// Limits.
  let configuration: ServiceConfiguration
  /// The radio-map layers made so far.
  let layers = RadioMapLayerCache()

  /// What the service keeps.
  var store: any FingerprintStore { library.store }
  /// The venues and maps loaded.
  var catalog: VenueCatalog { library.catalog }
  /// The radio map files.
  var maps: MapFiles { library.maps }

  /// Adds the venue routes to `router`.
  func addRoutes(to router: Hummingbird.Router<ServiceRequestContext>) {
    let api = router.group("fp/v1")
    api.get("venues") { request, _ in
      await self.answer {
        let key = try await self.keys.admit(request.key, for: .any)
        return .json(
          try await self.store.venues().filter { key.mayRead(venue: $0.id) }.map(
            VenueResource.init))
      }
    }
    api.put("venues/{id}") { request, context in
      await self.answer {
        try await self.putVenue(request, id: try context.parameters.require("id"))
      }
    }
    api.delete("venues/{id}") { request, context in
      await self.answer {
        try await self.deleteVenue(request, id: try context.parameters.require("id"))
      }
    }
    api.get("venues/{id}") { request, context in
      await self.answer {
        try await self.venueInfo(request, id: try context.parameters.require("id"))
      }
    }
    api.get("venues/{id}/validation") { request, context in
      await self.answer {
        try await self.validation(request, id: try context.parameters.require("id"))
      }
    }
    api.get("venues/{id}/levels") { request, context in
      await self.answer { try await self.levels(request, id: try context.parameters.require("id")) }
    }
    api.get("venues/{id}/units") { request, context in
      await self.answer { try await self.units(request, id: try context.parameters.require("id")) }
    }
    api.get("venues/{id}/units.geojson") { request, context in
      await self.answer {
        try await self.unitFeatures(request, id: try context.parameters.require("id"))
      }
    }
    api.get("venues/{id}/radiomap.geojson") { request, context in
      await self.answer {
        try await self.radioMapFeatures(request, id: try context.parameters.require("id"))
      }
    }
    addSurveyRoutes(to: api)
    addRadioMapRoutes(to: api)
    api.post("venues/{id}/locate") { request, context in
      await self.answer {
        try await self.locate(request, venue: try context.parameters.require("id"))
      }
    }
  }

  /// The answer of `body`, or its error as the `/fp/v1` error body (`Response.answer`).
  func answer(_ body: () async throws -> Response) async -> Response {
    await Response.answer(logger: library.logger, body)
  }

  /// `PUT /fp/v1/venues/{id}`: an IMDF zip. Real venues carry validation errors (units without a
  /// level, geometry outside its level) and the library still uses them, so the venue is kept and
  /// the answer holds the validation report's counts (`GET …/validation` has the whole report);
  /// it is refused (422, with the report) only when no level has walkable space.
  func putVenue(_ request: Request, id: String) async throws -> Response {
    _ = try await keys.admit(request.key, for: .write(venue: id))
    try Self.checkVenueID(id)
    let archive = try await request.payload(upTo: configuration.uploadLimit)
    let venue = try await library.venueLoads.run {
      try VenueLoader.load(zip: archive, path: "venue \(id)", limits: configuration.venueLimits)
    }
    if let limit = venue.limitExceeded {
      throw GeolocateError(
        code: 413, domain: "global", reason: "requestTooLarge",
        message: "the archive holds \(limit): it is not stored")
    }
    let report = VenueValidator.validate(venue)
    let plans = FloorPlanSet(venue: venue)
    if let level = plans.plans.first(where: \.wallsIncomplete) {
      throw GeolocateError(
        code: 413, domain: "global", reason: "requestTooLarge",
        message: "level \(level.levelID)'s units overlap one another too many times over for "
          + "its walls to be derived: it is not stored")
    }
    guard plans.plans.contains(where: { $0.walkableArea > 0 }) else {
      return Response(
        status: .unprocessableContent, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: .init(string: try report.json())))
    }
    let stored = StoredVenue(id: id, name: venue.name, archive: archive)
    let created = try await store.putVenue(stored)
    try await library.loadVenue(id)
    struct Answer: Encodable {
      var id: String
      var name: String
      var levels: Int
      var errors: Int
      var warnings: Int
    }
    return .json(
      Answer(
        id: id, name: venue.name, levels: venue.levels.count, errors: report.count(.error),
        warnings: report.count(.warning)), status: created ? .created : .ok)
  }

  /// `DELETE /fp/v1/venues/{id}`: the venue and everything kept for it (survey, maps, jobs,
  /// sessions) are removed, here and on the instances sharing the store; 204, or 404.
  func deleteVenue(_ request: Request, id: String) async throws -> Response {
    _ = try await keys.admit(request.key, for: .write(venue: id))
    guard try await store.deleteVenue(id) else { throw GeolocateError.notFound(venue: id) }
    await library.forgetVenue(id)
    return Response(status: .noContent)
  }

  /// Refuses (400) a venue id that is not 1-64 letters, digits, `-` or `_`.
  static func checkVenueID(_ id: String) throws(GeolocateError) {
    guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), !id.isEmpty,
      id.count <= 64
    else { throw GeolocateError.parseError("a venue id is 1-64 letters, digits, - or _") }
  }

  /// `GET /fp/v1/venues/{id}/validation`: the report `venue validate --json` prints.
  func validation(_ request: Request, id: String) async throws -> Response {
    let entry = try await readableVenue(request, id: id)
    guard let venue = entry.venue else {
      throw GeolocateError(
        code: 404, domain: "global", reason: "notFound",
        message: "venue \(id) is map-only: it has no IMDF to validate")
    }
    let report = entry.plans?.report(validating: venue) ?? VenueValidator.validate(venue)
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: .init(string: try report.json())))
  }

  /// The venue `id` for a request that reads it: a key that may read it, and the venue loaded.
  func readableVenue(_ request: Request, id: String) async throws -> VenueCatalog.Entry {
    _ = try await keys.admit(request.key, for: .read(venue: id))
    guard let entry = catalog.entry(id) else { throw GeolocateError.notFound(venue: id) }
    return entry
  }

  /// The `level` query parameter, nil when absent; 404 when `entry` has no such level.
  static func level(of request: Request, in entry: VenueCatalog.Entry) throws -> String? {
    let level = request.uri.queryParameters.get("level")
    if let level, entry.plans?.floor(levelID: level) == nil {
      throw GeolocateError(
        code: 404, domain: "global", reason: "notFound",
        message: "venue \(entry.id) has no level \(level)")
    }
    return level
  }

  /// `GET /fp/v1/venues/{id}`: its name, whether it has IMDF, its levels and newest map.
  func venueInfo(_ request: Request, id: String) async throws -> Response {
    let entry = try await readableVenue(request, id: id)
    struct Info: Encodable {
      var id: String
      var name: String
      var imdf: Bool
      var levels: [LevelResource]
      var map: MapResource?
    }
    return .json(
      Info(
        id: id, name: entry.name, imdf: entry.venue != nil, levels: Self.levels(of: entry),
        map: entry.mapRecord.map(MapResource.init)))
  }

  /// `GET /fp/v1/venues/{id}/levels`: each level's id, ordinal, name, buildings, walkable area
  /// and unit count (a map-only venue's: its map's levels).
  func levels(_ request: Request, id: String) async throws -> Response {
    .json(Self.levels(of: try await readableVenue(request, id: id)))
  }

  /// The levels of `entry`: its floor plans, else its map's levels.
  static func levels(of entry: VenueCatalog.Entry) -> [LevelResource] {
    if let plans = entry.plans { return plans.plans.map(LevelResource.init) }
    return (entry.map?.levels.map(LevelResource.init) ?? []).sorted {
      ($0.building_ids.first ?? "", $0.ordinal) < ($1.building_ids.first ?? "", $1.ordinal)
    }
  }

  /// `GET /fp/v1/venues/{id}/units[?level=LEVEL_ID]`: the units (of one level), each with its
  /// level, category, name and anchor point in the venue frame (metres) and WGS84; none for a
  /// map-only venue.
  func units(_ request: Request, id: String) async throws -> Response {
    let entry = try await readableVenue(request, id: id)
    let level = try Self.level(of: request, in: entry)
    guard let plans = entry.plans else { return .json([UnitResource]()) }
    let frame = plans.frame
    var units: [UnitResource] = []
    for plan in plans.plans where level == nil || plan.levelID == level {
      for unit in plan.units where !unit.isDerived {
        units.append(UnitResource(unit, on: plan, frame: frame))
      }
    }
    return .json(units)
  }

  /// `POST /fp/v1/venues/{id}/locate`: one scan (`{"readings": [[bssid, rssi], …]}`) → the fix
  /// as `fingerpost locate` prints it.
  func locate(_ request: Request, venue: String) async throws -> Response {
    _ = try await keys.admit(request.key, for: .locate)
    guard let entry = catalog.entry(venue) else { throw GeolocateError.notFound(venue: venue) }
    guard let locate = entry.locate else {
      throw GeolocateError(
        code: 409, domain: "global", reason: "noMap", message: "venue \(venue) has no radio map yet"
      )
    }
    let body = try await request.payload(upTo: configuration.requestLimit)
    let scan = try Locate.scan(json: body, source: "request body")
    let fix = try locate.fix(scan)
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: .init(string: Locate.json(fix))))
  }
}
