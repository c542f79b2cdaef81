import FingerpostCore
import Foundation
import GRDB
import PostgresNIO
import TestSupport
import Testing

@testable import Store

/// The store keeps a key's SHA-256 and a short prefix, never the key; stores made before keys
/// were hashed are hashed in place when opened, with their daily counts, and keep reading every
/// venue as they did.
@Suite struct KeyHashingTests {
  @Test func aKeyIsStoredAsItsSHA256AndAQuarterOfItAtMost8Characters() throws {
    let key = APIKey(key: "0123456789abcdef0123456789abcdef", name: "k")
    #expect(key.hash == "3eb1bd439947eb762998e566ccc2e099c791118b2f40579cc4f7da2b5061b7f9")
    #expect(key.prefix == "01234567")
    #expect(APIKey(key: "demo-key", name: "d").prefix == "de")
    #expect(APIKey(key: "abc", name: "short").prefix == "")
  }

  @Test func aKeyIsOneQueryParameterOfAtMost128Characters() throws {
    try APIKey.check(APIKey.generate(), field: "--key")
    try APIKey.check(String(repeating: "k", count: 128), field: "--key")
    for bad in ["", String(repeating: "k", count: 129), "a b", "ключ", "a&b=c", "a/b"] {
      #expect(throws: FingerpostError.self, "\(bad)") { try APIKey.check(bad, field: "--key") }
    }
  }

  @Test(arguments: StoreKind.available)
  func neitherTheTableNorTheFileHoldsTheKey(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    let secret = "f00dfeedf00dfeedf00dfeedf00dfeed"
    try await store.addKey(APIKey(key: secret, name: "app"))
    _ = try await store.countRequest(key: APIKey.hash(secret), day: "2026-11-26", by: 1)
    #expect(try await store.key(hash: APIKey.hash(secret))?.name == "app")
    if kind == .sqlite {
      let sqlite = try #require(store as? SQLiteStore)
      let rows = try await sqlite.pool.read { db in
        try String.fetchAll(db, sql: "SELECT key || prefix || name FROM api_key")
          + String.fetchAll(db, sql: "SELECT key FROM key_usage")
      }
      #expect(!rows.isEmpty && rows.allSatisfy { !$0.contains(secret) })
    } else {
      let postgres = try #require(store as? PostgresStore)
      let rows = try await postgres.rows(
        "SELECT key || prefix || name AS text FROM api_key UNION ALL SELECT key FROM key_usage"
      ) { try $0["text"].decode(String.self) }
      #expect(rows.count == 2 && rows.allSatisfy { !$0.contains(secret) })
    }
    await under.remove([store])
  }

  @Test func aSQLiteStoreOfPlainKeysIsHashedWhenOpened() async throws {
    let folder = try TemporaryFolder("key-migration")
    defer { folder.remove() }
    let path = folder.appending("fingerpost.sqlite").path
    do {
      let pool = try DatabasePool(path: path)
      try SQLiteStore.migrator.migrate(pool, upTo: "v4")
      try await pool.write { db in
        try db.execute(
          sql: """
            INSERT INTO api_key (key, name, allow_locate, write_venues, revoked, created)
            VALUES ('old-plain-key-1234', 'old', 1, 'office', 0, '2026-01-01 00:00:00')
            """)
        try db.execute(
          sql: "INSERT INTO key_usage (key, day, count) VALUES ('old-plain-key-1234', 'd', 7)")
      }
    }
    let store = try SQLiteStore(path: path)
    try await Self.expectMigrated(store)
  }

  @Test(.enabled(if: StoreKind.postgresURL != nil))
  func aPostgresStoreOfPlainKeysIsHashedWhenOpened() async throws {
    let under = try await StoreUnderTest(.postgres)
    let first = try #require(try await under.open() as? PostgresStore)
    // The rows as a store made before hashing holds them (its table just gained the columns).
    _ = try await first.rows(
      """
      INSERT INTO api_key (key, name, allow_locate, write_venues, daily_limit, revoked, created)
      VALUES ('old-plain-key-1234', 'old', TRUE, 'office', NULL, FALSE, now())
      """
    ) { _ in 0 }
    _ = try await first.rows(
      "INSERT INTO key_usage (key, day, count) VALUES ('old-plain-key-1234', 'd', 7)"
    ) { _ in 0 }
    let store = try await under.open()
    try await Self.expectMigrated(store)
    await under.remove([first, store])
  }

  /// `store` holds the plain key `old-plain-key-1234` (writes the office, 7 requests on day
  /// `d`) hashed, as the only key, reading every venue.
  static func expectMigrated(_ store: any FingerprintStore) async throws {
    let hash = APIKey.hash("old-plain-key-1234")
    let key = try #require(try await store.key(hash: hash))
    #expect(key.prefix == "old-")
    #expect(key.mayWrite(venue: "office") && key.mayRead(venue: "lab"))
    #expect(try await store.requests(key: hash, day: "d") == 7)
    #expect(try await store.keys().map(\.hash) == [hash])
  }
}
