import FingerpostCore
import Foundation

/// What the fingerprint service keeps: venues, their surveys and radio maps, map build jobs,
/// API keys and their daily counts. SQLite (`SQLiteStore`) is the embedded default.
public protocol FingerprintStore: Sendable {
  /// Adds `key` (its `key` must be new).
  func addKey(_ key: APIKey) async throws
  /// Every key, oldest first.
  func keys() async throws -> [APIKey]
  /// The key `key`, if there is one.
  func key(_ key: String) async throws -> APIKey?
  /// Revokes `key`; false when there is no such key.
  func revokeKey(_ key: String) async throws -> Bool
  /// Adds `count` requests of `key` on UTC day `day` (`yyyy-MM-dd`), returning the day's count.
  func countRequest(key: String, day: String, by count: Int) async throws -> Int
  /// The requests of `key` counted on UTC day `day`.
  func requests(key: String, day: String) async throws -> Int

  /// Stores `venue`, replacing one with its id; true when it is new.
  func putVenue(_ venue: StoredVenue) async throws -> Bool
  /// The venue `id`, with its archive.
  func venue(_ id: String) async throws -> StoredVenue?
  /// Every venue, by id.
  func venues() async throws -> [VenueListing]

  /// Appends survey lines to venue `venue`, each under a client record id; a record id already
  /// stored is not appended again. Returns how many were new. Durable when it returns.
  func appendSurvey(venue: String, records: [(id: String, line: String)]) async throws -> Int
  /// The venue's survey lines in the order they were first appended.
  func surveyLines(venue: String) async throws -> [String]

  /// Records a built map; its version must be the venue's next.
  func addMap(_ map: StoredRadioMap) async throws
  /// The venue's newest map.
  func newestMap(venue: String) async throws -> StoredRadioMap?
  /// The newest map of every venue that has one.
  func newestMaps() async throws -> [StoredRadioMap]

  /// Saves `job` (new or changed).
  func saveJob(_ job: MapBuildJob) async throws
  /// The job `id`.
  func job(_ id: String) async throws -> MapBuildJob?
}

/// The UTC day of `date` as `yyyy-MM-dd`, the unit of a key's daily limit.
public func utcDay(_ date: Date) -> String {
  let parts = Calendar(identifier: .gregorian).dateComponents(
    in: .gmt, from: date)
  return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
}
