import Foundation
import GRDB

extension SQLiteStore {
  public func putVenue(_ venue: StoredVenue) async throws -> Bool {
    try await pool.write { db in
      let existed =
        try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM venue WHERE id = ?)", arguments: [venue.id])
        ?? false
      try db.execute(
        sql: """
          INSERT INTO venue (id, name, archive, updated) VALUES (?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET name = excluded.name, archive = excluded.archive,
            updated = excluded.updated
          """,
        arguments: [venue.id, venue.name, venue.archive, venue.updated])
      return !existed
    }
  }

  public func deleteVenue(_ id: String) async throws -> Bool {
    try await pool.write { db in
      for statement in Self.venueDeletion {
        try db.execute(sql: statement.replacingOccurrences(of: "$1", with: "?"), arguments: [id])
      }
      try db.execute(sql: "DELETE FROM venue WHERE id = ?", arguments: [id])
      return db.changesCount > 0
    }
  }

  public func venue(_ id: String) async throws -> StoredVenue? {
    try await pool.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM venue WHERE id = ?", arguments: [id]).map {
        StoredVenue(id: $0["id"], name: $0["name"], archive: $0["archive"], updated: $0["updated"])
      }
    }
  }

  public func venues() async throws -> [VenueListing] {
    try await pool.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT v.id, v.name, length(v.archive) AS bytes, v.updated,
            (SELECT count(*) FROM survey_record s WHERE s.venue = v.id) AS scans,
            (SELECT max(version) FROM radio_map m WHERE m.venue = v.id) AS map_version
          FROM venue v ORDER BY v.id
          """
      ).map {
        VenueListing(
          id: $0["id"], name: $0["name"], archiveBytes: $0["bytes"], updated: $0["updated"],
          surveyScans: $0["scans"], mapVersion: $0["map_version"])
      }
    }
  }

  public func appendSurvey(venue: String, records: [(id: String, line: String)]) async throws
    -> Int
  {
    try await pool.write { db in
      var added = 0
      for record in records {
        try db.execute(
          sql: "INSERT OR IGNORE INTO survey_record (venue, record_id, line) VALUES (?, ?, ?)",
          arguments: [venue, record.id, record.line])
        added += db.changesCount
      }
      return added
    }
  }

  public func surveyLines(venue: String) async throws -> [String] {
    try await pool.read { db in
      try String.fetchAll(
        db, sql: "SELECT line FROM survey_record WHERE venue = ? ORDER BY seq", arguments: [venue])
    }
  }
}
