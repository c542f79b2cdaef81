import Foundation
import Store
import TestSupport

/// A store kind the store suite runs against: SQLite always, PostgreSQL when
/// `FINGERPOST_TEST_POSTGRES` names a server (`make test` starts one: Tests/EndToEnd/with-postgres.sh).
enum StoreKind: String, CustomStringConvertible, Sendable {
  case sqlite, postgres

  /// The server `make test` started, if any.
  static let postgresURL = TestDatabase.serverURL

  /// The kinds to test here.
  static var available: [StoreKind] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

  var description: String { rawValue }
}

/// A fresh, empty store of one kind, which can be opened again (a new connection to the same
/// data): a SQLite file in a temporary folder, or a database of its own on the test server.
struct StoreUnderTest: Sendable {
  let kind: StoreKind
  let folder: TemporaryFolder
  let database: TestDatabase?
  /// The SQLite file or the PostgreSQL database's URL.
  let location: String

  init(_ kind: StoreKind) async throws {
    self.kind = kind
    folder = try TemporaryFolder("store")
    switch kind {
    case .sqlite:
      database = nil
      location = folder.appending("db.sqlite").path
    case .postgres:
      let database = try await TestDatabase()
      self.database = database
      location = database.url
    }
  }

  /// Opens the store (again). PostgreSQL's statements get 30 s, not 3: a test machine running
  /// hundreds of tests at once (each making a database) is slower than a server's deadline.
  func open() async throws -> any FingerprintStore {
    switch kind {
    case .sqlite: try SQLiteStore(path: location)
    case .postgres: try await PostgresStore(url: location, deadline: .seconds(30))
    }
  }

  /// Closes `store` (PostgreSQL's connections) and removes the data.
  func remove(_ stores: [any FingerprintStore]) async {
    for case let store as PostgresStore in stores { store.shutdown() }
    folder.remove()
    await database?.drop()
  }
}

/// `#require` outside a test: throws when `value` is nil.
func require<T>(_ value: T?) throws -> T {
  guard let value else { throw StoreTestError.missing }
  return value
}

enum StoreTestError: Error { case missing }
