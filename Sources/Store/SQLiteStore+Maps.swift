import Foundation
import GRDB

extension SQLiteStore {
  public func addMap(_ map: StoredRadioMap) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO radio_map (venue, version, etag, path, scans, built)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: [map.venue, map.version, map.etag, map.path, map.scans, map.built])
    }
  }

  public func newestMap(venue: String) async throws -> StoredRadioMap? {
    try await pool.read { db in
      try Row.fetchOne(
        db, sql: "SELECT * FROM radio_map WHERE venue = ? ORDER BY version DESC LIMIT 1",
        arguments: [venue]
      ).map(Self.map(row:))
    }
  }

  public func newestMaps() async throws -> [StoredRadioMap] {
    try await pool.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM radio_map m
          WHERE version = (SELECT max(version) FROM radio_map n WHERE n.venue = m.venue)
          ORDER BY venue
          """
      ).map(Self.map(row:))
    }
  }

  public func saveJob(_ job: MapBuildJob) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO map_job (id, venue, state, progress, message, map_version, created, updated)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET state = excluded.state, progress = excluded.progress,
            message = excluded.message, map_version = excluded.map_version,
            updated = excluded.updated
          """,
        arguments: [
          job.id, job.venue, job.state.rawValue, job.progress, job.message, job.mapVersion,
          job.created, job.updated,
        ])
    }
  }

  public func job(_ id: String) async throws -> MapBuildJob? {
    try await pool.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM map_job WHERE id = ?", arguments: [id]).map {
        var job = MapBuildJob(id: $0["id"], venue: $0["venue"], created: $0["created"])
        job.state = MapBuildJob.State(rawValue: $0["state"]) ?? .failed
        job.progress = $0["progress"]
        job.message = $0["message"]
        job.mapVersion = $0["map_version"]
        job.updated = $0["updated"]
        return job
      }
    }
  }

  static func map(row: Row) -> StoredRadioMap {
    StoredRadioMap(
      venue: row["venue"], version: row["version"], etag: row["etag"], path: row["path"],
      scans: row["scans"], built: row["built"])
  }
}
