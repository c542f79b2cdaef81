import FingerpostCore
import Fingerprints
import Foundation
import Hummingbird
import JSON
import NIOCore
import Store
import Workflows

extension SessionController {
  /// The live session `id`: held here, or opened again from the store (after a restart, its
  /// batches replayed in order give the same fixes), or `SessionElsewhere` when another
  /// instance sharing the store holds it.
  func liveSession(_ id: String, request: Request) async throws -> LiveSession {
    if let session = sessions.session(id) { return session }
    guard let stored = try await storedSession(id, request: request) else {
      throw Self.noSession(id)
    }
    return try await restore(stored)
  }

  /// The stored session `id`, if any, held by this instance. A session another instance holds
  /// is `SessionElsewhere` (naming where `request` should go) while that instance says it is
  /// alive; one held by an instance that stopped (or, on a store no other instance shares, by
  /// this one under another URL) is taken over.
  func storedSession(_ id: String, request: Request) async throws -> StoredSession? {
    guard var stored = try await store.session(id) else { return nil }
    while stored.instance != instance {
      if store.isShared, let silence = try await store.silence(of: stored.instance),
        silence < configuration.instanceTimeout
      {
        throw SessionElsewhere(
          id: id, location: stored.instance + request.uri.description, instance: stored.instance)
      }
      if try await store.takeSession(id, from: stored.instance, to: instance) {
        logger.notice(
          "tracking session taken over",
          metadata: ["session": "\(id)", "from": "\(stored.instance)"])
        stored.instance = instance
      } else {
        // Taken by another instance meanwhile, or ended.
        guard let now = try await store.session(id) else { return nil }
        stored = now
      }
    }
    return stored
  }

  /// Opens `stored` again: the same venue, map version, seed and start, and every batch it
  /// accepted, in order, up to the first one missing.
  func restore(_ stored: StoredSession) async throws -> LiveSession {
    let parameters: SessionParameters
    do {
      parameters = try SessionParameters(json: stored.parameters)
    } catch {
      throw GeolocateError.serviceUnavailable("session \(stored.id) cannot be read back")
    }
    guard let entry = catalog.entry(stored.venue) else {
      throw GeolocateError.notFound(venue: stored.venue)
    }
    let map: RadioMap
    var drawn: Result<DrawnVenue, FingerpostError>?
    if let current = entry.mapRecord, current.version == parameters.map_version,
      let loaded = entry.map
    {
      map = loaded
      drawn = entry.drawn
    } else if let record = try await store.map(
      venue: stored.venue, version: parameters.map_version)
    {
      map = try await maps.radioMap(record)
    } else {
      throw GeolocateError(
        code: 404, domain: "global", reason: "notFound",
        message: "session \(stored.id)'s radio map is no longer stored")
    }
    let tracking = try Self.tracking(entry, map: map, drawn: drawn)
    var settings = configuration.sessionSettings
    settings.particles = parameters.particles
    let start = try Self.start(parameters.start, plans: tracking.plans, drawn: tracking.drawn)
    let open = { [settings] in
      try LiveSession(
        id: stored.id, venue: stored.venue, device: parameters.device, plans: tracking.plans,
        map: tracking.map, seed: parameters.seed, start: start, settings: settings,
        drawn: tracking.drawn, created: stored.created)
    }
    // The batches accepted from `first` on, up to the first one missing.
    func accepted(from first: Int) async throws -> [Data] {
      var batches: [Data] = []
      for (k, batch) in try await store.sessionBatches(session: stored.id, from: first).enumerated()
      {
        guard batch.sequence == first + k else { break }
        batches.append(Data(batch.events.utf8))
      }
      return batches
    }
    // From its newest snapshot and the batches after it (read alone), when it has one.
    if let snapshot = try await store.sessionSnapshot(session: stored.id) {
      let session = try open()
      do {
        let after = try await accepted(from: snapshot.sequence + 1)
        try await session.restore(snapshot, then: after)
        logger.info(
          "session opened again from its snapshot",
          metadata: [
            "session": "\(stored.id)", "snapshot": "\(snapshot.sequence)",
            "batches": "\(after.count)",
          ])
        return sessions.adopt(session)
      } catch {
        logger.warning(
          "session snapshot not used: every batch is replayed",
          metadata: ["session": "\(stored.id)", "error": "\(error)"])
      }
    }
    let session = try open()
    try await session.restore(try await accepted(from: 0))
    return sessions.adopt(session)
  }

  /// Ends session `id` wherever it is held: here (its readers' streams end) or in the store.
  func endSession(_ id: String, request: Request) async throws {
    if sessions.session(id) == nil { _ = try await storedSession(id, request: request) }
    let live = await sessions.end(id)
    guard try await store.removeSession(id) || live else { throw Self.noSession(id) }
  }

  /// Ends the sessions held here that took no events for the session timeout, and removes
  /// from the store those that nobody has sent events to for as long (held by an instance that
  /// stopped).
  func expireSessions(now: Date = Date()) async {
    let timeout = configuration.sessionTimeout
    for id in await sessions.expire(idleFor: timeout, now: now) {
      // Idle here, but perhaps taken over by another instance (this one was silent too long),
      // where it is not idle: the store keeps it then.
      guard (try? await store.session(id))?.instance == instance else { continue }
      _ = try? await store.removeSession(id)
    }
    _ = try? await store.removeSessions(idleSince: now.addingTimeInterval(-timeout))
  }
}
