import FingerpostCore
import Fingerprints
import Foundation
import Hummingbird
import NIOCore
import Store

extension VenueController {
  /// `/fp/v1/venues/{id}/radiomap:build`, the build jobs, and the newest map's file.
  func addRadioMapRoutes(to api: RouterGroup<ServiceRequestContext>) {
    api.post("venues/{id}/radiomap:build") { request, context in
      await self.answer {
        try await self.buildMap(request, venue: try context.parameters.require("id"))
      }
    }
    api.get("venues/{id}/radiomap") { request, context in
      await self.answer {
        try await self.mapDownload(request, venue: try context.parameters.require("id"))
      }
    }
    api.put("venues/{id}/radiomap") { request, context in
      await self.answer {
        try await self.uploadMap(request, venue: try context.parameters.require("id"))
      }
    }
    api.get("jobs/{id}") { request, context in
      await self.answer {
        let key = try await self.keys.admit(request.key, for: .any)
        guard let job = try await self.store.job(try context.parameters.require("id")) else {
          throw GeolocateError(
            code: 404, domain: "global", reason: "notFound", message: "no such job")
        }
        guard key.mayRead(venue: job.venue) else {
          throw GeolocateError.forbidden("the key may not read venue \(job.venue)")
        }
        return .json(job)
      }
    }
  }

  /// `POST /fp/v1/venues/{id}/radiomap:build`: 202 with the job's URL. The job is queued in
  /// the store; this instance starts on it at once unless another instance sharing the store
  /// takes it first, and every instance takes the map when it is done.
  func buildMap(_ request: Request, venue: String) async throws -> Response {
    _ = try await keys.admit(request.key, for: .write(venue: venue))
    guard catalog.entry(venue) != nil else { throw GeolocateError.notFound(venue: venue) }
    let job = MapBuildJob(id: UUID().uuidString.lowercased(), venue: venue)
    try await store.saveJob(job)
    Task { await self.library.workJobs() }
    var response = Response.json(job, status: .accepted)
    response.headers[.location] = "/fp/v1/jobs/\(job.id)"
    return response
  }

  /// `PUT /fp/v1/venues/{id}/radiomap[?name=NAME]`: a radio map file (as `fingerpost ingest`
  /// writes it) stored as the venue's next map version, which locate then uses. For a venue
  /// that is not stored, it makes a map-only venue (no IMDF: a dataset such as UJIIndoorLoc,
  /// named `NAME` or its id). For an IMDF venue, every level of the map must name one of the
  /// venue's levels (422 otherwise).
  func uploadMap(_ request: Request, venue id: String) async throws -> Response {
    _ = try await keys.admit(request.key, for: .write(venue: id))
    try Self.checkVenueID(id)
    let body = try await request.payload(upTo: configuration.uploadLimit)
    let map = try RadioMapFile.read(body, file: "request body")
    let name = request.uri.queryParameters.get("name").map { String($0) }
    var stored = try await store.venue(id)
    if let plans = catalog.entry(id)?.plans {
      let strangers = map.levels.filter { level in
        level.levelID.flatMap(plans.floor(levelID:)) == nil
      }
      if let level = strangers.first {
        throw GeolocateError(
          code: 422, domain: "global", reason: "levelMismatch",
          message:
            "the map's level \(level.levelID ?? level.label) is not a level of venue \(id)"
            + " (build the map against the venue's IMDF)")
      }
    } else if stored == nil || name != nil {
      let venue = StoredVenue(id: id, name: name ?? stored?.name ?? id, archive: Data())
      _ = try await store.putVenue(venue)
      stored = venue
    }
    guard let stored else { throw GeolocateError.notFound(venue: id) }
    let scans = map.levels.reduce(0) { $0 + $1.points.reduce(0) { $0 + $1.scans } }
    let record = try await library.storeMap(map, venue: id, scans: scans)
    try catalog.put(stored, map: (record, map))
    var response = Response.json(MapResource(record), status: .created)
    response.headers[.location] = MapResource(record).url
    return response
  }

  /// `GET /fp/v1/venues/{id}/radiomap`: the newest map's file (`fingerpost radiomap info` and
  /// `locate` read it), with its version's strong ETag; 304 when `If-None-Match` names it.
  func mapDownload(_ request: Request, venue: String) async throws -> Response {
    let asked = request.headers[values: .ifNoneMatch].flatMap {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    var record = try await readableVenue(request, id: venue).mapRecord
    while let tried = record {
      var headers: HTTPFields = [.eTag: tried.etag, .cacheControl: "no-cache"]
      if asked.contains(tried.etag) || asked.contains("*") {
        return Response(status: .notModified, headers: headers)
      }
      do {
        let data = try await maps.bytes(tried)
        headers[.contentType] = "application/octet-stream"
        headers[.contentDisposition] =
          "attachment; filename=\"\(venue)-v\(tried.version).fpmap\""
        return Response(
          status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
      } catch {
        // A build, upload or deletion beside this request removed the version the catalog named
        // before its bytes were read: the store's newest map (or none) is the answer.
        record = try await store.newestMap(venue: venue)
        guard record?.version != tried.version else {
          throw GeolocateError.serviceUnavailable("the map file cannot be read")
        }
      }
    }
    throw GeolocateError(
      code: 404, domain: "global", reason: "notFound",
      message: "venue \(venue) has no radio map yet")
  }
}
