import Foundation
import GRDB

extension SQLiteStore {
  public func addSession(_ session: StoredSession) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO tracking_session (id, venue, instance, parameters, created, updated)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          session.id, session.venue, session.instance, session.parameters, session.created,
          session.updated,
        ])
    }
  }

  public func session(_ id: String) async throws -> StoredSession? {
    try await pool.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM tracking_session WHERE id = ?", arguments: [id])
        .map(Self.session(row:))
    }
  }

  public func sessions(venue: String) async throws -> [StoredSession] {
    try await pool.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM tracking_session WHERE venue = ? ORDER BY id", arguments: [venue]
      ).map(Self.session(row:))
    }
  }

  static func session(row: Row) -> StoredSession {
    StoredSession(
      id: row["id"], venue: row["venue"], instance: row["instance"],
      parameters: row["parameters"], created: row["created"], updated: row["updated"])
  }

  public func addSessionBatch(session: String, _ batch: SessionBatch, holder: String)
    async throws -> Bool
  {
    // Sessions post several batches a second between them: grouped, they share one commit.
    try await sessionBatches.submit((session, batch, holder))
  }

  /// Writes batches of sessions in one transaction; per batch, whether its holder still held
  /// the session (else it is not written).
  static func write(
    _ batches: [(session: String, batch: SessionBatch, holder: String)], to pool: DatabasePool
  ) async throws -> [Bool] {
    let now = Date()
    return try await pool.write { db in
      try batches.map { session, batch, holder in
        try db.execute(
          sql: """
            INSERT INTO session_batch (session, sequence, events)
            SELECT ?, ?, ? WHERE EXISTS
              (SELECT 1 FROM tracking_session WHERE id = ? AND instance = ?)
            ON CONFLICT (session, sequence) DO UPDATE SET events = excluded.events
            """,
          arguments: [session, batch.sequence, batch.events, session, holder])
        guard db.changesCount > 0 else { return false }
        try db.execute(
          sql: "UPDATE tracking_session SET updated = ? WHERE id = ?", arguments: [now, session])
        return true
      }
    }
  }

  public func takeSession(_ id: String, from holder: String, to taker: String) async throws
    -> Bool
  {
    try await pool.write { db in
      try db.execute(
        sql: "UPDATE tracking_session SET instance = ? WHERE id = ? AND instance = ?",
        arguments: [taker, id, holder])
      return db.changesCount > 0
    }
  }

  public func beat(instance: String) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO service_instance (url, seen) VALUES (?, ?)
          ON CONFLICT (url) DO UPDATE SET seen = excluded.seen
          """,
        arguments: [instance, Date()])
    }
  }

  public func silence(of instance: String) async throws -> Double? {
    try await pool.read { db in
      try Date.fetchOne(
        db, sql: "SELECT seen FROM service_instance WHERE url = ?", arguments: [instance]
      ).map { Date().timeIntervalSince($0) }
    }
  }

  public func sessionBatches(session: String, from first: Int) async throws -> [SessionBatch] {
    try await pool.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT sequence, events FROM session_batch WHERE session = ? AND sequence >= ?
          ORDER BY sequence
          """,
        arguments: [session, first]
      ).map { SessionBatch(sequence: $0["sequence"], events: $0["events"]) }
    }
  }

  public func putSessionSnapshot(session: String, _ snapshot: SessionSnapshot, holder: String)
    async throws -> Bool
  {
    try await pool.write { db in
      guard
        try Bool.fetchOne(
          db, sql: "SELECT 1 FROM tracking_session WHERE id = ? AND instance = ?",
          arguments: [session, holder]) == true
      else { return false }
      try db.execute(
        sql: """
          INSERT INTO session_snapshot (session, sequence, bytes) VALUES (?, ?, ?)
          ON CONFLICT (session) DO UPDATE SET sequence = excluded.sequence, bytes = excluded.bytes
            WHERE excluded.sequence >= session_snapshot.sequence
          """, arguments: [session, snapshot.sequence, snapshot.bytes])
      return true
    }
  }

  public func sessionSnapshot(session: String) async throws -> SessionSnapshot? {
    try await pool.read { db in
      try Row.fetchOne(
        db, sql: "SELECT sequence, bytes FROM session_snapshot WHERE session = ?",
        arguments: [session]
      ).map { SessionSnapshot(sequence: $0["sequence"], bytes: $0["bytes"]) }
    }
  }

  public func removeSession(_ id: String) async throws -> Bool {
    try await pool.write { db in
      try db.execute(sql: "DELETE FROM session_snapshot WHERE session = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM session_batch WHERE session = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM tracking_session WHERE id = ?", arguments: [id])
      return db.changesCount > 0
    }
  }

  public func removeSessions(idleSince date: Date) async throws -> Int {
    try await pool.write { db in
      for table in ["session_snapshot", "session_batch"] {
        try db.execute(
          sql: """
            DELETE FROM \(table) WHERE session IN
              (SELECT id FROM tracking_session WHERE updated < ?)
            """, arguments: [date])
      }
      try db.execute(sql: "DELETE FROM tracking_session WHERE updated < ?", arguments: [date])
      return db.changesCount
    }
  }
}
