import Foundation
import PostgresNIO

extension PostgresStore {
  public func addMap(_ map: StoredRadioMap) async throws {
    _ = try await rows(
      """
      INSERT INTO radio_map (venue, version, etag, path, scans, built)
      VALUES (\(map.venue), \(map.version), \(map.etag), \(map.path), \(map.scans), \(map.built))
      """
    ) { _ in 0 }
  }

  public func newestMap(venue: String) async throws -> StoredRadioMap? {
    try await rows(
      "SELECT * FROM radio_map WHERE venue = \(venue) ORDER BY version DESC LIMIT 1",
      Self.map(row:)
    ).first
  }

  public func newestMaps() async throws -> [StoredRadioMap] {
    try await rows(
      "SELECT DISTINCT ON (venue) * FROM radio_map ORDER BY venue, version DESC", Self.map(row:))
  }

  public func saveJob(_ job: MapBuildJob) async throws {
    _ = try await rows(
      """
      INSERT INTO map_job (id, venue, state, progress, message, map_version, created, updated)
      VALUES (\(job.id), \(job.venue), \(job.state.rawValue), \(job.progress), \(job.message),
        \(job.mapVersion), \(job.created), \(job.updated))
      ON CONFLICT (id) DO UPDATE SET state = excluded.state, progress = excluded.progress,
        message = excluded.message, map_version = excluded.map_version,
        updated = excluded.updated
      """
    ) { _ in 0 }
  }

  public func job(_ id: String) async throws -> MapBuildJob? {
    try await rows("SELECT * FROM map_job WHERE id = \(id)") { row in
      var job = MapBuildJob(
        id: try row["id"].decode(String.self), venue: try row["venue"].decode(String.self),
        created: try row["created"].decode(Date.self))
      job.state = MapBuildJob.State(rawValue: try row["state"].decode(String.self)) ?? .failed
      job.progress = try row["progress"].decode(Double.self)
      job.message = try row["message"].decode(String?.self)
      job.mapVersion = try row["map_version"].decode(Int?.self)
      job.updated = try row["updated"].decode(Date.self)
      return job
    }.first
  }

  static func map(row: PostgresRandomAccessRow) throws -> StoredRadioMap {
    StoredRadioMap(
      venue: try row["venue"].decode(String.self), version: try row["version"].decode(Int.self),
      etag: try row["etag"].decode(String.self), path: try row["path"].decode(String.self),
      scans: try row["scans"].decode(Int.self), built: try row["built"].decode(Date.self))
  }
}
