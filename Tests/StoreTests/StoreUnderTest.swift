import Foundation
import Logging
import PostgresNIO
import Store
import TestSupport

/// A store kind the store suite runs against: SQLite always, PostgreSQL when
/// `FINGERPOST_TEST_POSTGRES` names a server (`make test` starts one: Tests/EndToEnd/with-postgres.sh).
enum StoreKind: String, CustomStringConvertible, Sendable {
  case sqlite, postgres

  /// The server `make test` started, if any.
  static let postgresURL = ProcessInfo.processInfo.environment["FINGERPOST_TEST_POSTGRES"]

  /// The kinds to test here.
  static var available: [StoreKind] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

  var description: String { rawValue }
}

/// A fresh, empty store of one kind, which can be opened again (a new connection to the same
/// data): a SQLite file in a temporary folder, or a database of its own on the test server.
struct StoreUnderTest: Sendable {
  let kind: StoreKind
  let folder: TemporaryFolder
  /// The SQLite file or the PostgreSQL database's URL.
  let location: String

  init(_ kind: StoreKind) async throws {
    self.kind = kind
    folder = try TemporaryFolder("store")
    switch kind {
    case .sqlite:
      location = folder.appending("db.sqlite").path
    case .postgres:
      let server = try require(StoreKind.postgresURL)
      let name = "fp_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      try await Self.administer(server, "CREATE DATABASE \(name)")
      location = server.replacingOccurrences(of: "/postgres", with: "/\(name)")
    }
  }

  /// Opens the store (again).
  func open() async throws -> any FingerprintStore {
    switch kind {
    case .sqlite: try SQLiteStore(path: location)
    case .postgres: try await PostgresStore(url: location)
    }
  }

  /// Closes `store` (PostgreSQL's connections) and removes the data.
  func remove(_ stores: [any FingerprintStore]) async {
    for case let store as PostgresStore in stores { store.shutdown() }
    folder.remove()
    if kind == .postgres, let server = StoreKind.postgresURL,
      let name = location.split(separator: "/").last
    {
      try? await Self.administer(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
  }

  /// Runs one statement on the server's `postgres` database.
  static func administer(_ url: String, _ sql: String) async throws {
    let parts = try require(URLComponents(string: url))
    let client = PostgresClient(
      configuration: .init(
        host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432, username: parts.user ?? "",
        password: parts.password, database: "postgres", tls: .disable))
    let runner = Task { await client.run() }
    defer { runner.cancel() }
    try await client.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "store-tests"))
  }
}

/// `#require` outside a test: throws when `value` is nil.
func require<T>(_ value: T?) throws -> T {
  guard let value else { throw StoreTestError.missing }
  return value
}

enum StoreTestError: Error { case missing }
