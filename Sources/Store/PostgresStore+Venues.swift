#if PostgreSQL
  import Foundation
  import Logging
  import PostgresNIO

  extension PostgresStore {
    public func putVenue(_ venue: StoredVenue) async throws -> Bool {
      try await transaction(
        deadline: self.deadline + .seconds(venue.archive.count / 10_000_000),
        notifying: .venue(venue.id)
      ) { connection, logger in
        // xmax is 0 on a row the statement inserted, not on one it updated.
        var inserted = false
        for try await row in try await connection.query(
          """
          INSERT INTO venue (id, name, archive, updated)
          VALUES (\(venue.id), \(venue.name), \(venue.archive), \(venue.updated))
          ON CONFLICT (id) DO UPDATE SET name = excluded.name, archive = excluded.archive,
            updated = excluded.updated
          RETURNING (xmax = 0) AS inserted
          """, logger: logger)
        {
          inserted = try row.makeRandomAccess()["inserted"].decode(Bool.self)
        }
        return inserted
      }
    }

    public func deleteVenue(_ id: String) async throws -> Bool {
      try await transaction(notifying: .venue(id)) { connection, logger in
        for statement in Self.venueDeletion {
          var bindings = PostgresBindings()
          bindings.append(id)
          try await connection.query(
            PostgresQuery(unsafeSQL: statement, binds: bindings), logger: logger)
        }
        var deleted = false
        for try await _ in try await connection.query(
          "DELETE FROM venue WHERE id = \(id) RETURNING id", logger: logger)
        {
          deleted = true
        }
        return deleted
      }
    }

    public func venue(_ id: String) async throws -> StoredVenue? {
      try await rows("SELECT * FROM venue WHERE id = \(id)") {
        StoredVenue(
          id: try $0["id"].decode(String.self), name: try $0["name"].decode(String.self),
          archive: try $0["archive"].decode(Data.self), updated: try $0["updated"].decode(Date.self)
        )
      }.first
    }

    public func venues() async throws -> [VenueListing] {
      try await rows(
        """
        SELECT v.id, v.name, length(v.archive) AS bytes, v.updated,
          (SELECT count(*) FROM survey_record s WHERE s.venue = v.id) AS scans,
          (SELECT max(version) FROM radio_map m WHERE m.venue = v.id) AS map_version
        FROM venue v ORDER BY v.id
        """
      ) {
        VenueListing(
          id: try $0["id"].decode(String.self), name: try $0["name"].decode(String.self),
          archiveBytes: try $0["bytes"].decode(Int.self),
          updated: try $0["updated"].decode(Date.self),
          surveyScans: try $0["scans"].decode(Int.self),
          mapVersion: try $0["map_version"].decode(Int?.self))
      }
    }

    public func appendSurvey(venue: String, records: [(id: String, line: String)]) async throws
      -> Int
    {
      // A second for every thousand records besides the usual deadline: a large batch is slow,
      // not down.
      try await transaction(deadline: self.deadline + .milliseconds(records.count)) {
        connection, logger in
        try await Self.insert(records, venue: venue, connection: connection, logger: logger)
      }
    }

    /// Inserts `records` of `venue` on `connection`, skipping ids already there; how many were
    /// new.
    static func insert(
      _ records: [(id: String, line: String)], venue: String, connection: PostgresConnection,
      logger: Logger
    ) async throws -> Int {
      var added = 0
      for record in records {
        let inserted = try await connection.query(
          """
          INSERT INTO survey_record (venue, record_id, line)
          VALUES (\(venue), \(record.id), \(record.line))
          ON CONFLICT (venue, record_id) DO NOTHING RETURNING seq
          """, logger: logger)
        for try await _ in inserted { added += 1 }
      }
      return added
    }

    public func surveyLines(venue: String) async throws -> [String] {
      try await rows(
        "SELECT line FROM survey_record WHERE venue = \(venue) ORDER BY seq", deadline: .seconds(60)
      ) {
        try $0["line"].decode(String.self)
      }
    }
  }
#endif
