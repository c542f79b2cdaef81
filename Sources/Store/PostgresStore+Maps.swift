#if PostgreSQL
  import Foundation
  import PostgresNIO

  extension PostgresStore {
    public func addMap(_ map: StoredRadioMap, file: Data) async throws {
      try await transaction(
        deadline: self.deadline + .seconds(file.count / 10_000_000), notifying: .venue(map.venue)
      ) { connection, logger in
        try await connection.query(
          """
          INSERT INTO radio_map (venue, version, etag, path, scans, built, digest)
          VALUES (\(map.venue), \(map.version), \(map.etag), \(map.path), \(map.scans),
            \(map.built), \(map.digest))
          """, logger: logger)
        try await connection.query(
          """
          INSERT INTO radio_map_file (venue, version, bytes)
          VALUES (\(map.venue), \(map.version), \(file))
          """, logger: logger)
      }
    }

    public func mapFile(venue: String, version: Int) async throws -> Data? {
      try await rows(
        "SELECT bytes FROM radio_map_file WHERE venue = \(venue) AND version = \(version)",
        deadline: .seconds(60)
      ) { try $0["bytes"].decode(Data.self) }.first
    }

    public func map(venue: String, version: Int) async throws -> StoredRadioMap? {
      try await rows(
        "SELECT * FROM radio_map WHERE venue = \(venue) AND version = \(version)", Self.map(row:)
      ).first
    }

    public func newestMap(venue: String) async throws -> StoredRadioMap? {
      try await rows(
        "SELECT * FROM radio_map WHERE venue = \(venue) ORDER BY version DESC LIMIT 1",
        Self.map(row:)
      ).first
    }

    public func removeMaps(venue: String, before version: Int) async throws -> [Int] {
      try await transaction { connection, logger in
        try await connection.query(
          "DELETE FROM radio_map_file WHERE venue = \(venue) AND version < \(version)",
          logger: logger)
        var removed: [Int] = []
        for try await row in try await connection.query(
          "DELETE FROM radio_map WHERE venue = \(venue) AND version < \(version) RETURNING version",
          logger: logger)
        {
          removed.append(try row.makeRandomAccess()["version"].decode(Int.self))
        }
        return removed.sorted()
      }
    }

    public func newestMaps() async throws -> [StoredRadioMap] {
      try await rows(
        "SELECT DISTINCT ON (venue) * FROM radio_map ORDER BY venue, version DESC", Self.map(row:))
    }

    public func saveJob(_ job: MapBuildJob) async throws {
      try await transaction(notifying: job.state == .queued ? .jobQueued : nil) {
        connection, logger in
        _ = try await connection.query(
          """
          INSERT INTO map_job (id, venue, state, progress, message, map_version, created, updated,
            worker)
          SELECT \(job.id), \(job.venue), \(job.state.rawValue), \(job.progress), \(job.message),
            \(job.mapVersion), \(job.created), \(job.updated), \(job.worker)
          WHERE EXISTS (SELECT 1 FROM venue WHERE id = \(job.venue))
          ON CONFLICT (id) DO UPDATE SET state = excluded.state, progress = excluded.progress,
            message = excluded.message, map_version = excluded.map_version,
            updated = excluded.updated, worker = excluded.worker
          """, logger: logger)
      }
    }

    public func job(_ id: String) async throws -> MapBuildJob? {
      try await rows("SELECT * FROM map_job WHERE id = \(id)", Self.job(row:)).first
    }

    public func claimJob(worker: String, staleAfter: Double) async throws -> MapBuildJob? {
      // SKIP LOCKED: a job another instance is claiming this moment is passed over, not waited
      // for, and no two instances take the same one.
      try await rows(
        """
        UPDATE map_job SET state = 'running', worker = \(worker), updated = now()
        WHERE id = (
          SELECT id FROM map_job
          WHERE state = 'queued'
            OR (state = 'running' AND updated < now() - make_interval(secs => \(staleAfter)))
          ORDER BY created LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING *
        """, Self.job(row:)
      ).first
    }

    public func touchJob(_ id: String, worker: String) async throws {
      _ = try await rows(
        """
        UPDATE map_job SET updated = now()
        WHERE id = \(id) AND state = 'running' AND worker = \(worker)
        """
      ) { _ in 0 }
    }

    static func job(row: PostgresRandomAccessRow) throws -> MapBuildJob {
      var job = MapBuildJob(
        id: try row["id"].decode(String.self), venue: try row["venue"].decode(String.self),
        created: try row["created"].decode(Date.self))
      job.state = MapBuildJob.State(rawValue: try row["state"].decode(String.self)) ?? .failed
      job.progress = try row["progress"].decode(Double.self)
      job.message = try row["message"].decode(String?.self)
      job.mapVersion = try row["map_version"].decode(Int?.self)
      job.updated = try row["updated"].decode(Date.self)
      job.worker = try row["worker"].decode(String?.self)
      return job
    }

    static func map(row: PostgresRandomAccessRow) throws -> StoredRadioMap {
      StoredRadioMap(
        venue: try row["venue"].decode(String.self), version: try row["version"].decode(Int.self),
        etag: try row["etag"].decode(String.self), path: try row["path"].decode(String.self),
        scans: try row["scans"].decode(Int.self), built: try row["built"].decode(Date.self),
        digest: try row["digest"].decode(String?.self))
    }
  }
#endif
