#if PostgreSQL
  import Foundation
  import PostgresNIO

  extension PostgresStore {
    public func addKey(_ key: APIKey) async throws {
      let reads = key.readVenues.joined(separator: ",")
      let writes = key.writeVenues.joined(separator: ",")
      _ = try await rows(
        """
        INSERT INTO api_key (key, prefix, name, allow_locate, read_venues, write_venues,
          daily_limit, revoked, created)
        VALUES (\(key.hash), \(key.prefix), \(key.name), \(key.allowLocate), \(reads), \(writes),
          \(key.dailyLimit), \(key.revoked), \(key.created))
        """
      ) { _ in 0 }
    }

    public func keys() async throws -> [APIKey] {
      try await rows("SELECT * FROM api_key ORDER BY created, key", Self.key(row:))
    }

    public func key(hash: String) async throws -> APIKey? {
      try await rows("SELECT * FROM api_key WHERE key = \(hash)", Self.key(row:)).first
    }

    public func revokeKey(hash: String) async throws -> Bool {
      try await !rows("UPDATE api_key SET revoked = TRUE WHERE key = \(hash) RETURNING key") { _ in
        1
      }
      .isEmpty
    }

    public func countRequest(key: String, day: String, by count: Int) async throws -> Int {
      try await rows(
        """
        INSERT INTO key_usage (key, day, count) VALUES (\(key), \(day), \(count))
        ON CONFLICT (key, day) DO UPDATE SET count = key_usage.count + excluded.count
        RETURNING count
        """
      ) { try $0["count"].decode(Int.self) }.first ?? count
    }

    public func requests(key: String, day: String) async throws -> Int {
      try await rows("SELECT count FROM key_usage WHERE key = \(key) AND day = \(day)") {
        try $0["count"].decode(Int.self)
      }.first ?? 0
    }

    static func key(row: PostgresRandomAccessRow) throws -> APIKey {
      APIKey(
        hash: try row["key"].decode(String.self),
        prefix: try row["prefix"].decode(String?.self) ?? "",
        name: try row["name"].decode(String.self),
        allowLocate: try row["allow_locate"].decode(Bool.self),
        readVenues: try row["read_venues"].decode(String.self).split(separator: ",").map(
          String.init),
        writeVenues: try row["write_venues"].decode(String.self).split(separator: ",").map(
          String.init),
        dailyLimit: try row["daily_limit"].decode(Int?.self),
        revoked: try row["revoked"].decode(Bool.self), created: try row["created"].decode(Date.self)
      )
    }
  }
#endif
