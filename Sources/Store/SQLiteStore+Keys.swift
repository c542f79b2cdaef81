import Foundation
import GRDB

extension SQLiteStore {
  public func addKey(_ key: APIKey) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO api_key (key, prefix, name, allow_locate, read_venues, write_venues,
            daily_limit, revoked, created)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          key.hash, key.prefix, key.name, key.allowLocate, key.readVenues.joined(separator: ","),
          key.writeVenues.joined(separator: ","), key.dailyLimit, key.revoked, key.created,
        ])
    }
  }

  public func keys() async throws -> [APIKey] {
    try await pool.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM api_key ORDER BY created, key").map(Self.key(row:))
    }
  }

  public func key(hash: String) async throws -> APIKey? {
    try await pool.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM api_key WHERE key = ?", arguments: [hash])
        .map(Self.key(row:))
    }
  }

  public func revokeKey(hash: String) async throws -> Bool {
    try await pool.write { db in
      try db.execute(sql: "UPDATE api_key SET revoked = 1 WHERE key = ?", arguments: [hash])
      return db.changesCount > 0
    }
  }

  public func countRequest(key: String, day: String, by count: Int) async throws -> Int {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO key_usage (key, day, count) VALUES (?, ?, ?)
          ON CONFLICT (key, day) DO UPDATE SET count = count + excluded.count
          """,
        arguments: [key, day, count])
      return try Int.fetchOne(
        db, sql: "SELECT count FROM key_usage WHERE key = ? AND day = ?", arguments: [key, day])
        ?? count
    }
  }

  public func requests(key: String, day: String) async throws -> Int {
    try await pool.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count FROM key_usage WHERE key = ? AND day = ?", arguments: [key, day])
        ?? 0
    }
  }

  static func key(row: Row) -> APIKey {
    let reads: String = row["read_venues"]
    let writes: String = row["write_venues"]
    return APIKey(
      hash: row["key"], prefix: row["prefix"] ?? "", name: row["name"],
      allowLocate: row["allow_locate"], readVenues: reads.split(separator: ",").map(String.init),
      writeVenues: writes.split(separator: ",").map(String.init), dailyLimit: row["daily_limit"],
      revoked: row["revoked"], created: row["created"])
  }
}
