import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Hummingbird
import JSON
import NIOCore
import Store
import Workflows

extension FingerprintService {
  /// `/fp/v1/sessions`: live tracking. Open a session, post its steps and scans, follow its
  /// fixes (NDJSON or Server-Sent Events), end it.
  func addSessionRoutes(to router: Hummingbird.Router<ServiceRequestContext>) {
    let api = router.group("fp/v1")
    api.post("sessions") { request, _ in await self.answer { try await self.openSession(request) } }
    api.post("sessions/{id}/events") { request, context in
      await self.answer {
        let watch = await ConnectionWatch.of(context.channel)
        return try await self.postEvents(
          request, session: try context.parameters.require("id"), connected: { watch.isOpen })
      }
    }
    api.get("sessions/{id}") { request, context in
      await self.answer {
        try await self.sessionInfo(request, session: try context.parameters.require("id"))
      }
    }
    api.get("sessions/{id}/fixes") { request, context in
      await self.answer {
        try await self.followFixes(request, session: try context.parameters.require("id"))
      }
    }
    api.delete("sessions/{id}") { request, context in
      await self.answer {
        _ = try await self.keys.admit(request.key, for: .locate)
        let id = try context.parameters.require("id")
        try await self.endSession(id, request: request)
        return Response(status: .noContent)
      }
    }
  }

  static func noSession(_ id: String) -> GeolocateError {
    GeolocateError(
      code: 404, domain: "global", reason: "notFound",
      message: "no session \(id): it ended or expired (open a new one)")
  }

  func openSession(_ request: Request) async throws -> Response {
    let key = try await keys.admit(request.key, for: .locate)
    let body = try await request.payload(upTo: configuration.requestLimit)
    let json = try JSONValue.body(body, limits: configuration.jsonLimits)
    guard let venue = json["venue"]?.stringValue else {
      throw GeolocateError.parseError("the body needs a \"venue\"")
    }
    guard let entry = catalog.entry(venue) else { throw Self.notFound(venue: venue) }
    guard let newest = entry.map else {
      throw GeolocateError(
        code: 409, domain: "global", reason: "noMap", message: "venue \(venue) has no radio map yet"
      )
    }
    let (plans, map, drawn) = try Self.tracking(entry, map: newest, drawn: entry.drawn)
    let start = try Self.start(json["start"], plans: plans, drawn: drawn)
    let seed: UInt64
    if let given = json["seed"] {
      guard let value = given.doubleValue, value >= 0, value < 0x1p53, value == value.rounded()
      else { throw GeolocateError.parseError("\"seed\" is a whole number 0 … 2^53") }
      seed = UInt64(value)
    } else {
      seed = UInt64.random(in: 0..<(1 << 53))
    }
    let id = UUID().uuidString.lowercased()
    let session = try LiveSession(
      id: id, venue: venue, device: json["device"]?.stringValue, plans: plans, map: map,
      seed: seed, start: start, settings: configuration.sessionSettings, drawn: drawn)
    do {
      try sessions.add(
        session, limit: configuration.sessionLimit, key: key.hash,
        perKey: configuration.sessionsPerKey)
    } catch .full(let limit) {
      throw GeolocateError.serviceUnavailable("\(limit) sessions are open already")
    } catch .keyFull(let limit) {
      throw GeolocateError(
        code: 429, domain: "usageLimits", reason: "tooManySessions",
        message: "the key has \(limit) sessions open: end one (DELETE) or let one expire")
    }
    let parameters = SessionParameters(
      venue: venue, device: session.device, seed: seed, start: json["start"],
      particles: session.particles, map_version: entry.mapRecord?.version ?? 0)
    do {
      try await store.addSession(
        StoredSession(
          id: id, venue: venue, instance: instance, parameters: try parameters.json(),
          created: session.created))
    } catch {
      await sessions.end(id)
      throw error
    }
    var response = Response.json(
      await SessionResource(session, instance: instance), status: .created)
    response.headers[.location] = "/fp/v1/sessions/\(id)"
    return response
  }

  /// What a session on `entry` tracks on with `map`: the venue's floor plans, or for a map-only
  /// venue the venue drawn from the map (`drawn`, when already drawn from this map).
  static func tracking(
    _ entry: VenueCatalog.Entry, map: RadioMap, drawn: Result<DrawnVenue, FingerpostError>?
  ) throws(GeolocateError) -> (plans: FloorPlanSet, map: RadioMap, drawn: DrawnVenue?) {
    if let plans = entry.plans { return (plans, map, nil) }
    let result =
      drawn ?? Result { () throws(FingerpostError) in try DrawnVenue(map: map, name: entry.id) }
    switch result {
    case .success(let drawn): return (drawn.plans, drawn.map, drawn)
    case .failure(let error):
      throw GeolocateError(
        code: 409, domain: "global", reason: "noMap",
        message:
          "venue \(entry.id) is map-only and no floor plans could be drawn from its map: \(error.message)"
      )
    }
  }

  /// The start of a session: `{"ordinal" | "level_id", "x", "y"}` on a level of `plans` (on a
  /// map-only venue `drawn`, an ordinal and x/y in its map's frame), or none (null or absent).
  static func start(_ json: JSONValue?, plans: FloorPlanSet, drawn: DrawnVenue? = nil)
    throws(GeolocateError) -> Route.Waypoint?
  {
    guard let json, json != .null else { return nil }
    let floor =
      json["level_id"]?.stringValue.flatMap(plans.floor(levelID:))
      ?? json["ordinal"]?.intValue.flatMap { plans.floors(atOrdinal: $0).first }
    guard let floor, let x = json["x"]?.doubleValue, let y = json["y"]?.doubleValue,
      x.isFinite, y.isFinite
    else {
      throw .parseError(
        "\"start\" is {\"ordinal\" or \"level_id\" of one of the venue's levels, \"x\", \"y\"}")
    }
    let point = Point(x: x, y: y)
    return Route.Waypoint(floor: floor, point: drawn?.planPoint(point) ?? point)
  }

  /// `POST /fp/v1/sessions/{id}/events`: a batch is processed, then kept in the store (so that
  /// the session can be opened again as it is), then answered with the fix after it. A batch
  /// whose client goes away (`connected` turns false) stops part-way and is not kept: the session
  /// is put away, to be opened again from the store's batches when next asked.
  func postEvents(
    _ request: Request, session id: String, connected: @escaping @Sendable () -> Bool = { true }
  ) async throws -> Response {
    _ = try await keys.admit(request.key, for: .locate)
    let session = try await liveSession(id, request: request)
    // A phone sends a few events a second: a batch is a request, not an upload.
    let body = try await request.payload(upTo: configuration.requestLimit)
    let posted: (events: Int, fix: SessionFix?, batch: Int)
    do {
      posted = try await session.post(body, while: connected)
    } catch let abandoned as AbandonedBatch {
      // Part of a batch changed the filter: put it away (nothing changed when none was taken).
      if abandoned.processed > 0 { await sessions.end(id) }
      logger.notice("session \(id): \(abandoned)")
      throw GeolocateError.serviceUnavailable("the client went away: the batch was not kept")
    } catch let stale as StaleEvents {
      // Google's error body, with the newest time the session processed beside it.
      struct Stale: Encodable {
        var error: GeolocateError.Body.Detail
        var last_t: Double
      }
      let error = GeolocateError(
        code: 409, domain: "global", reason: "staleEvents", message: stale.description)
      return .json(Stale(error: error.body.error, last_t: stale.last), status: .conflict)
    }
    let kept: Bool
    do {
      kept = try await store.addSessionBatch(
        session: id,
        SessionBatch(sequence: posted.batch, events: String(decoding: body, as: UTF8.self)),
        holder: instance)
    } catch {
      // The filter took a batch the store did not: the session is put away (its readers' streams
      // end), to be opened again from what the store has, without this batch, when next asked.
      await sessions.end(id)
      throw error
    }
    guard kept else {
      // Another instance took the session over (this one was silent too long): the client is
      // sent there with the batch, which this instance did not keep.
      await sessions.end(id)
      guard try await storedSession(id, request: request) != nil else { throw Self.noSession(id) }
      // (Given back to this instance meanwhile: it opens from the store when posted to again.)
      throw GeolocateError.serviceUnavailable(
        "session \(id) moved between instances: post the batch again")
    }
    var answer = JSONObjectWriter()
    answer.string("session", id)
    answer.int("events", posted.events)
    if let t = await session.lastTime { answer.raw("last_t", String(t)) }
    answer.int("sequence", await session.newestSequence)
    answer.raw("fix", posted.fix?.line ?? "null")
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: answer.text)))
  }

  func sessionInfo(_ request: Request, session id: String) async throws -> Response {
    let session = try await followedSession(id, request: request)
    return .json(await SessionResource(session, instance: instance))
  }

  /// The live session `id` for a request that reads it: the key must locate (a session's id is
  /// its client's, who follows it with the key that opened it) or read the session's venue.
  func followedSession(_ id: String, request: Request) async throws -> LiveSession {
    let key = try await keys.admit(request.key, for: .any)
    let session = try await liveSession(id, request: request)
    guard key.allowLocate || key.mayRead(venue: session.venue) else {
      throw GeolocateError.forbidden("the key may not follow sessions of venue \(session.venue)")
    }
    return session
  }

  /// `GET /fp/v1/sessions/{id}/fixes`: the fixes kept and every new one until the session
  /// ends, as event-stream NDJSON (a `meta` line first; `fingerpost view` draws it), or as
  /// Server-Sent Events (`Accept: text/event-stream` or `?format=sse`; `id:` is the fix's
  /// sequence number, and `Last-Event-ID` resumes after it).
  func followFixes(_ request: Request, session id: String) async throws -> Response {
    let session = try await followedSession(id, request: request)
    let sse =
      request.uri.queryParameters.get("format") == "sse"
      || request.headers[.accept]?.contains("text/event-stream") == true
    let after =
      request.headers.first { $0.name.canonicalName == "last-event-id" }.flatMap { Int($0.value) }
      ?? 0
    let fixes = await session.follow(after: sse ? after : 0)
    let meta = session.metaLine
    let body = ResponseBody { writer in
      if !sse { try await writer.write(ByteBuffer(string: meta + "\n")) }
      for await fix in fixes {
        let text = sse ? "id: \(fix.sequence)\nevent: fix\ndata: \(fix.line)\n\n" : fix.line + "\n"
        try await writer.write(ByteBuffer(string: text))
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: sse ? "text/event-stream" : "application/x-ndjson",
        .cacheControl: "no-cache",
      ],
      body: body)
  }
}

/// A tracking session: its venue, device, seed and particle count, how far it got, the instance
/// holding it, and its URLs.
struct SessionResource: Encodable {
  var id: String
  var venue: String
  var device: String?
  var seed: UInt64
  var particles: Int
  var created: Date
  var processed: Int
  var last_t: Double?
  var sequence: Int
  var dropped: Int
  var instance: String
  var events: String
  var fixes: String

  /// The resource of `session`, held by `instance`.
  init(_ session: LiveSession, instance: String) async {
    id = session.id
    venue = session.venue
    device = session.device
    seed = session.seed
    particles = session.particles
    created = session.created
    processed = await session.processed
    last_t = await session.lastTime
    sequence = await session.newestSequence
    dropped = await session.dropped
    self.instance = instance
    events = "/fp/v1/sessions/\(id)/events"
    fixes = "/fp/v1/sessions/\(id)/fixes"
  }
}
