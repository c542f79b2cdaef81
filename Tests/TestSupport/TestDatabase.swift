import Foundation
import Logging
import PostgresNIO

/// A database of its own on the PostgreSQL server `make test` starts (named by
/// `FINGERPOST_TEST_POSTGRES`; Tests/EndToEnd/with-postgres.sh), dropped by `drop()`.
public struct TestDatabase: Sendable {
  /// The test server's `postgres` database, when a server was started.
  public static let serverURL = ProcessInfo.processInfo.environment["FINGERPOST_TEST_POSTGRES"]

  /// The database's URL.
  public let url: String

  /// Creates an empty database on the test server.
  public init() async throws {
    guard let server = Self.serverURL else { throw TestDatabaseError.noServer }
    let name = "fp_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try await Self.administer(server, "CREATE DATABASE \(name)")
    url = server.replacingOccurrences(of: "/postgres", with: "/\(name)")
  }

  /// Drops the database, closing whatever connections are left to it.
  public func drop() async {
    guard let server = Self.serverURL, let name = url.split(separator: "/").last else { return }
    try? await Self.administer(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
  }

  /// Runs one statement on the server's `postgres` database.
  static func administer(_ url: String, _ sql: String) async throws {
    guard let parts = URLComponents(string: url) else { throw TestDatabaseError.noServer }
    let client = PostgresClient(
      configuration: .init(
        host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432, username: parts.user ?? "",
        password: parts.password, database: "postgres", tls: .disable))
    let runner = Task { await client.run() }
    defer { runner.cancel() }
    try await client.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test-database"))
  }
}

/// No PostgreSQL server was started for the tests.
public enum TestDatabaseError: Error {
  case noServer
}
