import FingerpostCore
import Foundation

/// What the fingerprint service keeps: venues, their surveys and radio maps (with the files'
/// bytes), map build jobs, API keys and their daily counts, and tracking sessions. SQLite
/// (`SQLiteStore`) is the embedded default; PostgreSQL (`PostgresStore`) is shared by several
/// instances, which learn of each other's changes through `changes()`.
public protocol FingerprintStore: Sendable {
  /// Adds `key` (its `hash` must be new).
  func addKey(_ key: APIKey) async throws
  /// Every key, oldest first.
  func keys() async throws -> [APIKey]
  /// The key whose SHA-256 is `hash`, if there is one.
  func key(hash: String) async throws -> APIKey?
  /// Revokes the key whose SHA-256 is `hash`; false when there is no such key.
  func revokeKey(hash: String) async throws -> Bool
  /// Adds `count` requests of the key hashed `key` on UTC day `day` (`yyyy-MM-dd`), returning
  /// the day's count.
  func countRequest(key: String, day: String, by count: Int) async throws -> Int
  /// The requests of the key hashed `key` counted on UTC day `day`.
  func requests(key: String, day: String) async throws -> Int

  /// Stores `venue`, replacing one with its id; true when it is new.
  func putVenue(_ venue: StoredVenue) async throws -> Bool
  /// The venue `id`, with its archive.
  func venue(_ id: String) async throws -> StoredVenue?
  /// Every venue, by id.
  func venues() async throws -> [VenueListing]
  /// Removes venue `id` with everything kept for it (survey, maps, jobs, sessions); false when
  /// there is no such venue.
  func deleteVenue(_ id: String) async throws -> Bool

  /// Appends survey lines to venue `venue`, each under a client record id; a record id already
  /// stored is not appended again. Returns how many were new. Durable when it returns.
  func appendSurvey(venue: String, records: [(id: String, line: String)]) async throws -> Int
  /// The venue's survey lines in the order they were first appended.
  func surveyLines(venue: String) async throws -> [String]

  /// Records a built map with its file's bytes; its version must be the venue's next.
  func addMap(_ map: StoredRadioMap, file: Data) async throws
  /// The file of venue `venue`'s map `version`, when the store holds its bytes.
  func mapFile(venue: String, version: Int) async throws -> Data?
  /// The venue's map `version`'s record.
  func map(venue: String, version: Int) async throws -> StoredRadioMap?
  /// The venue's newest map.
  func newestMap(venue: String) async throws -> StoredRadioMap?
  /// The newest map of every venue that has one.
  func newestMaps() async throws -> [StoredRadioMap]
  /// Removes venue `venue`'s maps older than `version` (records and files); their versions.
  func removeMaps(venue: String, before version: Int) async throws -> [Int]

  /// Saves `job` (new or changed), unless its venue is no longer stored: a build that ends
  /// after its venue was deleted leaves no row behind.
  func saveJob(_ job: MapBuildJob) async throws
  /// The job `id`.
  func job(_ id: String) async throws -> MapBuildJob?
  /// Gives `worker` the oldest queued job, or a running one whose worker has not been heard
  /// from (`touchJob`) for `staleAfter` seconds, now running under `worker`; nil when there is
  /// none. Two workers never get the same job.
  func claimJob(worker: String, staleAfter: Double) async throws -> MapBuildJob?
  /// Marks job `id` as still being worked on by `worker`.
  func touchJob(_ id: String, worker: String) async throws

  /// The changes other instances make from now on, until the stream is dropped. A store no
  /// other instance shares (SQLite) has none: the stream finishes at once.
  func changes() -> AsyncStream<StoreChange>
  /// Whether several instances share the store.
  var isShared: Bool { get }

  /// Records a newly opened tracking session.
  func addSession(_ session: StoredSession) async throws
  /// The session `id`, if it is stored.
  func session(_ id: String) async throws -> StoredSession?
  /// The sessions stored for venue `venue`.
  func sessions(venue: String) async throws -> [StoredSession]
  /// Keeps a batch of events session `session` accepted (durable when it returns), replacing
  /// one kept at its place (a batch a session took after a lost one), while instance `holder`
  /// holds the session; false, and nothing kept, when another instance has taken it over.
  func addSessionBatch(session: String, _ batch: SessionBatch, holder: String) async throws
    -> Bool
  /// Hands session `id` from instance `holder` to instance `taker`; false when `holder` does not
  /// hold it (any more).
  func takeSession(_ id: String, from holder: String, to taker: String) async throws -> Bool
  /// Records that instance `instance` (its base URL) is alive, now.
  func beat(instance: String) async throws
  /// Seconds since instance `instance` last said it was alive (by the store's clock); nil when
  /// it never did.
  func silence(of instance: String) async throws -> Double?
  /// The session's batches from sequence `first` on, in order.
  func sessionBatches(session: String, from first: Int) async throws -> [SessionBatch]
  /// Keeps `snapshot` as session `session`'s newest, replacing an older one (one of an older
  /// batch never replaces a newer), while instance `holder` holds the session; false, and
  /// nothing kept, when it does not.
  func putSessionSnapshot(session: String, _ snapshot: SessionSnapshot, holder: String)
    async throws -> Bool
  /// Session `session`'s newest snapshot, if one is kept.
  func sessionSnapshot(session: String) async throws -> SessionSnapshot?
  /// Removes session `id`, its batches and its snapshot; false when there was none.
  func removeSession(_ id: String) async throws -> Bool
  /// Removes the sessions that took no events since `date`; how many.
  func removeSessions(idleSince date: Date) async throws -> Int
}

/// The UTC day of `date` as `yyyy-MM-dd`, the unit of a key's daily limit.
public func utcDay(_ date: Date) -> String {
  // The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
  // `civil_from_days`), without a Calendar or a format string: every request counts its key.
  let z = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
  let era = (z >= 0 ? z : z - 146_096) / 146_097
  let dayOfEra = z - era * 146_097
  let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
  let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
  let shifted = (5 * dayOfYear + 2) / 153
  let day = dayOfYear - (153 * shifted + 2) / 5 + 1
  let month = shifted < 10 ? shifted + 3 : shifted - 9
  let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
  return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
}

extension FingerprintStore {
  /// Every batch session `session` accepted, in order.
  public func sessionBatches(session: String) async throws -> [SessionBatch] {
    try await sessionBatches(session: session, from: 0)
  }
}
