import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Hummingbird
import IMDF
import Store
import Workflows

extension FingerprintService {
  /// The indoor endpoints under `/fp/v1`: venues, their surveys, map builds and locate.
  func addVenueRoutes(to router: Hummingbird.Router<BasicRequestContext>) {
    let api = router.group("fp/v1")
    api.get("venues") { _, _ in await self.answer { .json(try await self.store.venues()) } }
    api.put("venues/{id}") { request, context in
      await self.answer {
        try await self.putVenue(request, id: try context.parameters.require("id"))
      }
    }
    api.get("venues/{id}") { _, context in
      await self.answer { try self.venueInfo(id: try context.parameters.require("id")) }
    }
    api.get("venues/{id}/validation") { _, context in
      await self.answer { try self.validation(id: try context.parameters.require("id")) }
    }
    api.post("venues/{id}/surveys") { request, context in
      await self.answer {
        try await self.appendSurvey(request, venue: try context.parameters.require("id"))
      }
    }
    api.post("venues/{id}/radiomap:build") { request, context in
      await self.answer {
        try await self.buildMap(request, venue: try context.parameters.require("id"))
      }
    }
    api.get("jobs/{id}") { _, context in
      await self.answer {
        guard let job = try await self.store.job(try context.parameters.require("id")) else {
          throw GeolocateError(
            code: 404, domain: "global", reason: "notFound", message: "no such job")
        }
        return .json(job)
      }
    }
    api.post("venues/{id}/locate") { request, context in
      await self.answer {
        try await self.locate(request, venue: try context.parameters.require("id"))
      }
    }
  }

  /// Runs `body`, answering any error with the error body: 4xx for what the client got wrong,
  /// 503 when the store failed.
  func answer(_ body: () async throws -> Response) async -> Response {
    do {
      return try await body()
    } catch let error as GeolocateError {
      return .error(error)
    } catch let error as FingerpostError {
      return .error(
        GeolocateError(
          code: 400, domain: "global", reason: "badRequest", message: error.description))
    } catch let error as HTTPError {
      return .error(
        GeolocateError(
          code: Int(error.status.code), domain: "global", reason: "badRequest",
          message: error.body ?? "\(error.status)"))
    } catch {
      logger.error("request failed", metadata: ["error": "\(error)"])
      return .error(
        GeolocateError.serviceUnavailable("the store failed")
      )
    }
  }

  static func notFound(venue id: String) -> GeolocateError {
    GeolocateError(code: 404, domain: "global", reason: "notFound", message: "no venue \(id)")
  }

  /// `PUT /fp/v1/venues/{id}`: an IMDF zip. Real venues carry validation errors (units without a
  /// level, geometry outside its level) and the library still uses them, so the venue is kept and
  /// the answer holds the validation report's counts (`GET …/validation` has the whole report);
  /// it is refused (422, with the report) only when no level has walkable space.
  func putVenue(_ request: Request, id: String) async throws -> Response {
    _ = try await keys.admit(request.uri.queryParameters.get("key"), for: .write(venue: id))
    guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), !id.isEmpty,
      id.count <= 64
    else { throw GeolocateError.parseError("a venue id is 1-64 letters, digits, - or _") }
    let archive = try await request.payload(upTo: configuration.uploadLimit)
    let venue = try VenueLoader.load(zip: archive, path: "venue \(id)")
    let report = VenueValidator.validate(venue)
    guard FloorPlanSet(venue: venue).plans.contains(where: { $0.walkableArea > 0 }) else {
      return Response(
        status: .unprocessableContent, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: .init(string: try report.json())))
    }
    let stored = StoredVenue(id: id, name: venue.name, archive: archive)
    let created = try await store.putVenue(stored)
    try catalog.put(stored, map: try await store.newestMap(venue: id))
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

  /// `GET /fp/v1/venues/{id}/validation`: the report `venue validate --json` prints.
  func validation(id: String) throws -> Response {
    guard let entry = catalog.entry(id) else { throw Self.notFound(venue: id) }
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: .init(string: try VenueValidator.validate(entry.venue).json())))
  }

  /// `GET /fp/v1/venues/{id}`: its levels and units, and the newest map.
  func venueInfo(id: String) throws -> Response {
    guard let entry = catalog.entry(id) else { throw Self.notFound(venue: id) }
    struct Level: Encodable {
      var level_id: String
      var ordinal: Int
      var name: String
      var units: Int
    }
    struct Info: Encodable {
      var id: String
      var name: String
      var levels: [Level]
      var map: StoredRadioMap?
    }
    return .json(
      Info(
        id: id, name: entry.venue.name,
        levels: entry.plans.plans.map {
          Level(level_id: $0.levelID, ordinal: $0.ordinal, name: $0.name, units: $0.units.count)
        }, map: entry.mapRecord))
  }

  /// `POST /fp/v1/venues/{id}/surveys`: survey NDJSON scan lines; a line's `"id"` (else the line
  /// itself) makes an append idempotent. Answers how many were new.
  func appendSurvey(_ request: Request, venue: String) async throws -> Response {
    _ = try await keys.admit(request.uri.queryParameters.get("key"), for: .write(venue: venue))
    guard catalog.entry(venue) != nil else { throw Self.notFound(venue: venue) }
    let body = try await request.payload(upTo: configuration.uploadLimit)
    let parsed = SurveyFile.parse(body, file: "request body")
    if let problem = parsed.problems.first(where: \.skippedLine) {
      throw GeolocateError.parseError(problem.description)
    }
    var records: [(id: String, line: String)] = []
    for record in parsed.records {
      let line = SurveyWriter.line(record)
      records.append((line, line))
    }
    let added = try await store.appendSurvey(venue: venue, records: records)
    return .json(["received": records.count, "added": added])
  }

  /// `POST /fp/v1/venues/{id}/radiomap:build`: 202 with the job's URL; the build runs in the
  /// background and the catalog takes the map when it is done.
  func buildMap(_ request: Request, venue: String) async throws -> Response {
    _ = try await keys.admit(request.uri.queryParameters.get("key"), for: .write(venue: venue))
    guard let entry = catalog.entry(venue) else { throw Self.notFound(venue: venue) }
    let job = MapBuildJob(id: UUID().uuidString.lowercased(), venue: venue)
    try await store.saveJob(job)
    Task { await self.runBuild(job, entry: entry) }
    var response = Response.json(job, status: .accepted)
    response.headers[.location] = "/fp/v1/jobs/\(job.id)"
    return response
  }

  /// `POST /fp/v1/venues/{id}/locate`: one scan (`{"readings": [[bssid, rssi], …]}`) → the fix
  /// as `fingerpost locate` prints it.
  func locate(_ request: Request, venue: String) async throws -> Response {
    _ = try await keys.admit(request.uri.queryParameters.get("key"), for: .locate)
    guard let entry = catalog.entry(venue) else { throw Self.notFound(venue: venue) }
    guard let map = entry.map else {
      throw GeolocateError(
        code: 409, domain: "global", reason: "noMap", message: "venue \(venue) has no radio map yet"
      )
    }
    let body = try await request.payload(upTo: configuration.requestLimit)
    let scan = try Locate.scan(json: body, source: "request body")
    let fix = try Locate(map: map, plans: entry.plans).fix(scan)
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: .init(string: Locate.json(fix))))
  }
}
