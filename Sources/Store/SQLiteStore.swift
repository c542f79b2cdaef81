import FingerpostCore
import Foundation
import GRDB

/// The embedded store: one SQLite database in the service's data folder, in WAL mode (readers
/// never wait for the writer), through GRDB. A write is durable when it returns.
public final class SQLiteStore: FingerprintStore {
  let pool: DatabasePool
  /// The database file.
  public let path: String
  /// Session batches waiting to be written together.
  let sessionBatches: GroupCommit<(session: String, batch: SessionBatch, holder: String), Bool>

  /// Opens (creating if needed) the database at `path` and brings its schema up to date. The
  /// file (and so its WAL, which SQLite creates alike) is readable by its owner only: it holds
  /// the keys and every venue's survey.
  public init(path: String) throws {
    self.path = path
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(
        atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
    }
    try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.prepareDatabase { db in
      // WAL with synchronous=FULL: an acknowledged append survives a power cut, not only a crash.
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    do {
      let pool = try DatabasePool(path: path, configuration: configuration)
      self.pool = pool
      sessionBatches = GroupCommit { try await Self.write($0, to: pool) }
      try Self.migrator.migrate(pool)
    } catch {
      throw FingerpostError(.unreadable, file: path, "cannot open the store (\(error))")
    }
  }

  /// One instance only: the data folder is its own.
  public var isShared: Bool { false }

  /// None: no other instance shares the file.
  public func changes() -> AsyncStream<StoreChange> { AsyncStream { $0.finish() } }

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "api_key") { t in
        t.primaryKey("key", .text)
        t.column("name", .text).notNull()
        t.column("allow_locate", .boolean).notNull()
        t.column("write_venues", .text).notNull()
        t.column("daily_limit", .integer)
        t.column("revoked", .boolean).notNull().defaults(to: false)
        t.column("created", .datetime).notNull()
      }
      try db.create(table: "key_usage") { t in
        t.column("key", .text).notNull()
        t.column("day", .text).notNull()
        t.column("count", .integer).notNull()
        t.primaryKey(["key", "day"])
      }
      try db.create(table: "venue") { t in
        t.primaryKey("id", .text)
        t.column("name", .text).notNull()
        t.column("archive", .blob).notNull()
        t.column("updated", .datetime).notNull()
      }
      try db.create(table: "survey_record") { t in
        t.autoIncrementedPrimaryKey("seq")
        t.column("venue", .text).notNull()
        t.column("record_id", .text).notNull()
        t.column("line", .text).notNull()
        t.uniqueKey(["venue", "record_id"])
      }
      try db.create(table: "radio_map") { t in
        t.column("venue", .text).notNull()
        t.column("version", .integer).notNull()
        t.column("etag", .text).notNull()
        t.column("path", .text).notNull()
        t.column("scans", .integer).notNull()
        t.column("built", .datetime).notNull()
        t.primaryKey(["venue", "version"])
      }
      try db.create(table: "map_job") { t in
        t.primaryKey("id", .text)
        t.column("venue", .text).notNull()
        t.column("state", .text).notNull()
        t.column("progress", .double).notNull()
        t.column("message", .text)
        t.column("map_version", .integer)
        t.column("created", .datetime).notNull()
        t.column("updated", .datetime).notNull()
      }
    }
    migrator.registerMigration("v2") { db in
      try db.create(table: "radio_map_file") { t in
        t.column("venue", .text).notNull()
        t.column("version", .integer).notNull()
        t.column("bytes", .blob).notNull()
        t.primaryKey(["venue", "version"])
      }
      try db.alter(table: "map_job") { t in t.add(column: "worker", .text) }
      try db.create(table: "tracking_session") { t in
        t.primaryKey("id", .text)
        t.column("venue", .text).notNull()
        t.column("instance", .text).notNull()
        t.column("parameters", .text).notNull()
        t.column("created", .datetime).notNull()
        t.column("updated", .datetime).notNull()
      }
      try db.create(table: "session_batch") { t in
        t.column("session", .text).notNull()
        t.column("sequence", .integer).notNull()
        t.column("events", .text).notNull()
        t.primaryKey(["session", "sequence"])
      }
    }
    migrator.registerMigration("v3") { db in
      try db.alter(table: "radio_map") { t in t.add(column: "digest", .text) }
    }
    migrator.registerMigration("v4") { db in
      try db.create(table: "service_instance") { t in
        t.primaryKey("url", .text)
        t.column("seen", .datetime).notNull()
      }
    }
    migrator.registerMigration("v5") { db in
      // Keys are kept hashed, and read per venue: keys stored before read every venue (as they
      // could) and are hashed in place, with their daily counts.
      try db.alter(table: "api_key") { t in
        t.add(column: "prefix", .text)
        t.add(column: "read_venues", .text).notNull().defaults(to: "*")
      }
      for key in try String.fetchAll(db, sql: "SELECT key FROM api_key WHERE prefix IS NULL") {
        let hash = APIKey.hash(key)
        try db.execute(
          sql: "UPDATE key_usage SET key = ? WHERE key = ?", arguments: [hash, key])
        try db.execute(
          sql: "UPDATE api_key SET key = ?, prefix = ? WHERE key = ?",
          arguments: [hash, APIKey.prefix(key), key])
      }
    }
    migrator.registerMigration("v6") { db in
      try db.create(table: "session_snapshot") { t in
        t.primaryKey("session", .text)
        t.column("sequence", .integer).notNull()
        t.column("bytes", .blob).notNull()
      }
    }
    return migrator
  }
}
