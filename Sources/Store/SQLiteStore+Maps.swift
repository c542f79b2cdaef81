import Foundation
import GRDB

extension SQLiteStore {
  public func addMap(_ map: StoredRadioMap, file: Data) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO radio_map (venue, version, etag, path, scans, built, digest)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [map.venue, map.version, map.etag, map.path, map.scans, map.built, map.digest])
      try db.execute(
        sql: "INSERT INTO radio_map_file (venue, version, bytes) VALUES (?, ?, ?)",
        arguments: [map.venue, map.version, file])
    }
  }

  public func mapFile(venue: String, version: Int) async throws -> Data? {
    try await pool.read { db in
      try Data.fetchOne(
        db, sql: "SELECT bytes FROM radio_map_file WHERE venue = ? AND version = ?",
        arguments: [venue, version])
    }
  }

  public func map(venue: String, version: Int) async throws -> StoredRadioMap? {
    try await pool.read { db in
      try Row.fetchOne(
        db, sql: "SELECT * FROM radio_map WHERE venue = ? AND version = ?",
        arguments: [venue, version]
      ).map(Self.map(row:))
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

  public func removeMaps(venue: String, before version: Int) async throws -> [Int] {
    try await pool.write { db in
      let removed = try Int.fetchAll(
        db, sql: "SELECT version FROM radio_map WHERE venue = ? AND version < ? ORDER BY version",
        arguments: [venue, version])
      try db.execute(
        sql: "DELETE FROM radio_map_file WHERE venue = ? AND version < ?",
        arguments: [venue, version])
      try db.execute(
        sql: "DELETE FROM radio_map WHERE venue = ? AND version < ?", arguments: [venue, version])
      return removed
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
          INSERT INTO map_job (id, venue, state, progress, message, map_version, created, updated,
            worker)
          SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM venue WHERE id = ?)
          ON CONFLICT (id) DO UPDATE SET state = excluded.state, progress = excluded.progress,
            message = excluded.message, map_version = excluded.map_version,
            updated = excluded.updated, worker = excluded.worker
          """,
        arguments: [
          job.id, job.venue, job.state.rawValue, job.progress, job.message, job.mapVersion,
          job.created, job.updated, job.worker, job.venue,
        ])
    }
  }

  public func job(_ id: String) async throws -> MapBuildJob? {
    try await pool.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM map_job WHERE id = ?", arguments: [id]).map(
        Self.job(row:))
    }
  }

  public func claimJob(worker: String, staleAfter: Double) async throws -> MapBuildJob? {
    let now = Date()
    return try await pool.write { db in
      guard
        var job = try Row.fetchOne(
          db,
          sql: """
            SELECT * FROM map_job WHERE state = 'queued' OR (state = 'running' AND updated < ?)
            ORDER BY created LIMIT 1
            """, arguments: [now.addingTimeInterval(-staleAfter)]
        ).map(Self.job(row:))
      else { return nil }
      job.state = .running
      job.worker = worker
      job.updated = now
      try db.execute(
        sql: "UPDATE map_job SET state = 'running', worker = ?, updated = ? WHERE id = ?",
        arguments: [worker, now, job.id])
      return job
    }
  }

  public func touchJob(_ id: String, worker: String) async throws {
    try await pool.write { db in
      try db.execute(
        sql: "UPDATE map_job SET updated = ? WHERE id = ? AND state = 'running' AND worker = ?",
        arguments: [Date(), id, worker])
    }
  }

  static func job(row: Row) -> MapBuildJob {
    var job = MapBuildJob(id: row["id"], venue: row["venue"], created: row["created"])
    job.state = MapBuildJob.State(rawValue: row["state"]) ?? .failed
    job.progress = row["progress"]
    job.message = row["message"]
    job.mapVersion = row["map_version"]
    job.updated = row["updated"]
    job.worker = row["worker"]
    return job
  }

  static func map(row: Row) -> StoredRadioMap {
    StoredRadioMap(
      venue: row["venue"], version: row["version"], etag: row["etag"], path: row["path"],
      scans: row["scans"], built: row["built"], digest: row["digest"])
  }
}
