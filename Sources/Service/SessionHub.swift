import Foundation
import Synchronization

/// The tracking sessions a service holds live, by id. The store keeps what opens each again
/// (after a restart) on the instance that held it.
public final class SessionHub: Sendable {
  let sessions = Mutex<[String: LiveSession]>([:])

  /// An empty hub.
  public init() {}

  /// The session `id`, if open.
  public func session(_ id: String) -> LiveSession? { sessions.withLock { $0[id] } }

  /// How many sessions are open.
  public var count: Int { sessions.withLock { $0.count } }

  /// Adds `session` unless `limit` are open already; false when full.
  public func add(_ session: LiveSession, limit: Int) -> Bool {
    sessions.withLock { sessions in
      guard sessions.count < limit else { return false }
      sessions[session.id] = session
      return true
    }
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

  /// Removes and ends session `id`; false when there was none.
  @discardableResult
  public func end(_ id: String) async -> Bool {
    guard let session = sessions.withLock({ $0.removeValue(forKey: id) }) else { return false }
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
