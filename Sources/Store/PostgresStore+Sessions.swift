#if PostgreSQL
  import Foundation
  import PostgresNIO

  extension PostgresStore {
    public func addSession(_ session: StoredSession) async throws {
      _ = try await rows(
        """
        INSERT INTO tracking_session (id, venue, instance, parameters, created, updated)
        VALUES (\(session.id), \(session.venue), \(session.instance), \(session.parameters),
          \(session.created), \(session.updated))
        """
      ) { _ in 0 }
    }

    public func session(_ id: String) async throws -> StoredSession? {
      try await rows("SELECT * FROM tracking_session WHERE id = \(id)", Self.session(row:)).first
    }

    public func sessions(venue: String) async throws -> [StoredSession] {
      try await rows(
        "SELECT * FROM tracking_session WHERE venue = \(venue) ORDER BY id", Self.session(row:))
    }

    static func session(row: PostgresRandomAccessRow) throws -> StoredSession {
      StoredSession(
        id: try row["id"].decode(String.self), venue: try row["venue"].decode(String.self),
        instance: try row["instance"].decode(String.self),
        parameters: try row["parameters"].decode(String.self),
        created: try row["created"].decode(Date.self), updated: try row["updated"].decode(Date.self)
      )
    }

    public func addSessionBatch(session: String, _ batch: SessionBatch, holder: String)
      async throws -> Bool
    {
      try await transaction { connection, logger in
        // The session's row, locked until the commit: a takeover waits for this batch, or this
        // batch finds the session taken.
        var held = false
        for try await _ in try await connection.query(
          """
          UPDATE tracking_session SET updated = now()
          WHERE id = \(session) AND instance = \(holder) RETURNING id
          """, logger: logger)
        {
          held = true
        }
        guard held else { return false }
        try await connection.query(
          """
          INSERT INTO session_batch (session, sequence, events)
          VALUES (\(session), \(batch.sequence), \(batch.events))
          ON CONFLICT (session, sequence) DO UPDATE SET events = excluded.events
          """, logger: logger)
        return true
      }
    }

    public func takeSession(_ id: String, from holder: String, to taker: String) async throws
      -> Bool
    {
      try await !rows(
        """
        UPDATE tracking_session SET instance = \(taker)
        WHERE id = \(id) AND instance = \(holder) RETURNING id
        """
      ) { _ in 0 }.isEmpty
    }

    public func beat(instance: String) async throws {
      _ = try await rows(
        """
        INSERT INTO service_instance (url, seen) VALUES (\(instance), now())
        ON CONFLICT (url) DO UPDATE SET seen = excluded.seen
        """
      ) { _ in 0 }
    }

    public func silence(of instance: String) async throws -> Double? {
      try await rows(
        """
        SELECT extract(epoch FROM now() - seen)::double precision AS silence
        FROM service_instance WHERE url = \(instance)
        """
      ) { try $0["silence"].decode(Double.self) }.first
    }

    public func sessionBatches(session: String, from first: Int) async throws -> [SessionBatch] {
      try await rows(
        """
        SELECT sequence, events FROM session_batch WHERE session = \(session) \
        AND sequence >= \(first) ORDER BY sequence
        """,
        deadline: .seconds(60)
      ) {
        SessionBatch(
          sequence: try $0["sequence"].decode(Int.self),
          events: try $0["events"].decode(String.self))
      }
    }

    public func putSessionSnapshot(session: String, _ snapshot: SessionSnapshot, holder: String)
      async throws -> Bool
    {
      try await transaction { connection, logger in
        // The session's row, locked until the commit, as a batch locks it.
        var held = false
        for try await _ in try await connection.query(
          """
          SELECT id FROM tracking_session WHERE id = \(session) AND instance = \(holder) FOR UPDATE
          """, logger: logger)
        {
          held = true
        }
        guard held else { return false }
        try await connection.query(
          """
          INSERT INTO session_snapshot (session, sequence, bytes)
          VALUES (\(session), \(snapshot.sequence), \(snapshot.bytes))
          ON CONFLICT (session) DO UPDATE SET sequence = excluded.sequence, bytes = excluded.bytes
            WHERE excluded.sequence >= session_snapshot.sequence
          """, logger: logger)
        return true
      }
    }

    public func sessionSnapshot(session: String) async throws -> SessionSnapshot? {
      try await rows(
        "SELECT sequence, bytes FROM session_snapshot WHERE session = \(session)",
        deadline: .seconds(60)
      ) {
        SessionSnapshot(
          sequence: try $0["sequence"].decode(Int.self),
          bytes: try $0["bytes"].decode(Data.self))
      }.first
    }

    public func removeSession(_ id: String) async throws -> Bool {
      try await transaction { connection, logger in
        try await connection.query(
          "DELETE FROM session_snapshot WHERE session = \(id)", logger: logger)
        try await connection.query(
          "DELETE FROM session_batch WHERE session = \(id)", logger: logger)
        var removed = false
        for try await _ in try await connection.query(
          "DELETE FROM tracking_session WHERE id = \(id) RETURNING id", logger: logger)
        {
          removed = true
        }
        return removed
      }
    }

    public func removeSessions(idleSince date: Date) async throws -> Int {
      try await transaction { connection, logger in
        try await connection.query(
          """
          DELETE FROM session_snapshot WHERE session IN
            (SELECT id FROM tracking_session WHERE updated < \(date))
          """, logger: logger)
        try await connection.query(
          """
          DELETE FROM session_batch WHERE session IN
            (SELECT id FROM tracking_session WHERE updated < \(date))
          """, logger: logger)
        var removed = 0
        for try await _ in try await connection.query(
          "DELETE FROM tracking_session WHERE updated < \(date) RETURNING id", logger: logger)
        {
          removed += 1
        }
        return removed
      }
    }
  }
#endif
