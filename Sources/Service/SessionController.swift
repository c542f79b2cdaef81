import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Hummingbird
import JSON
import Logging
import NIOCore
import Store
import Workflows

/// The tracking sessions' endpoints (`/fp/v1/sessions`): open a session, post its steps and
/// scans, follow its fixes (NDJSON, Server-Sent Events or a WebSocket), end it. Sessions live
/// here and in the store: one held by an instance that stopped is opened again from its
/// batches, one another live instance holds is redirected there.
struct SessionController: Sendable {
  /// The live sessions this instance holds.
  let sessions: SessionHub
  /// Where sessions and their batches are kept.
  let store: any FingerprintStore
  /// The venues and maps sessions track in.
  let catalog: VenueCatalog
  /// The maps of older versions a session may still locate with.
  let maps: MapFiles
  /// API keys and their daily counts.
  let keys: KeyGate
  /// Limits, timeouts and the filter's settings.
  let configuration: ServiceConfiguration
  /// This instance's base URL, as other instances send clients to it.
  let address: InstanceAddress
  let logger: Logger

  /// This instance's base URL.
  var instance: String { address.url }

  /// The answer of `body`, or its error as the `/fp/v1` error body (`Response.answer`).
  func answer(_ body: () async throws -> Response) async -> Response {
    await Response.answer(logger: logger, body)
  }

  /// Adds the session routes to `router`.
  func addRoutes(to router: Hummingbird.Router<ServiceRequestContext>) {
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
    guard let entry = catalog.entry(venue) else { throw GeolocateError.notFound(venue: venue) }
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
}
