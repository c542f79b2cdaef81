import Foundation
import Synchronization

/// The tracking sessions a service holds live, by id. The store keeps what opens each again
/// (after a restart) on the instance that held it.
public final class SessionHub: Sendable {
  let sessions = Mutex<[String: LiveSession]>([:])
  /// The key that opened each session opened here (not those opened again from the store).
  let owners = Mutex<[String: String]>([:])

  /// An empty hub.
  public init() {}

  /// The session `id`, if open.
  public func session(_ id: String) -> LiveSession? { sessions.withLock { $0[id] } }

  /// How many sessions are open.
  public var count: Int { sessions.withLock { $0.count } }

  /// Why a session was not added.
  public enum Refusal: Error, Sendable, Equatable {
    /// `limit` sessions are open.
    case full(limit: Int)
    /// The key has `limit` sessions open.
    case keyFull(limit: Int)
  }

  /// Adds `session` opened by `key` unless `limit` are open already, or `perKey` of that key's.
  public func add(_ session: LiveSession, limit: Int, key: String? = nil, perKey: Int = .max)
    throws(Refusal)
  {
    let refusal: Refusal? = sessions.withLock { sessions in
      guard sessions.count < limit else { return .full(limit: limit) }
      return owners.withLock { owners in
        if let key {
          let held = owners.values.lazy.filter { $0 == key }.count
          guard held < perKey else { return .keyFull(limit: perKey) }
          owners[session.id] = key
        }
        sessions[session.id] = session
        return nil
      }
    }
    if let refusal { throw refusal }
  }

  /// Adds `session` opened again from the store, unless a request opened it first: the one
  /// held.
  public func adopt(_ session: LiveSession) -> LiveSession {
    sessions.withLock { sessions in
      if let held = sessions[session.id] { return held }
      sessions[session.id] = session
      return session
    }
  }

  /// The ids of the sessions held here that track in venue `venue`.
  public func sessions(in venue: String) -> [String] {
    sessions.withLock { $0.values.filter { $0.venue == venue }.map(\.id) }
  }

  /// Ends every session held here (their fix streams end); the store keeps them, to be opened
  /// again when next asked for. How many there were.
  @discardableResult
  public func endAll() async -> Int {
    let ids = sessions.withLock { Array($0.keys) }
    for id in ids { await end(id) }
    return ids.count
  }

  /// Removes and ends session `id`; false when there was none.
  @discardableResult
  public func end(_ id: String) async -> Bool {
    guard let session = sessions.withLock({ $0.removeValue(forKey: id) }) else { return false }
    _ = owners.withLock { $0.removeValue(forKey: id) }
    await session.end()
    return true
  }

  /// Ends every session that took no events for `timeout` seconds before `now`; their ids.
  @discardableResult
  public func expire(idleFor timeout: Double, now: Date = Date()) async -> [String] {
    var expired: [String] = []
    for session in sessions.withLock({ Array($0.values) }) {
      if now.timeIntervalSince(await session.lastActive) >= timeout {
        if await end(session.id) { expired.append(session.id) }
      }
    }
    return expired
  }
}
