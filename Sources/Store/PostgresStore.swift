#if PostgreSQL
  import FingerpostCore
  import Foundation
  import Logging
  import PostgresNIO
  import Synchronization

  /// The store for several service instances: one PostgreSQL database (postgres-nio's pooled
  /// client), holding what `SQLiteStore` holds, in the same tables. A write is durable when it
  /// returns (committed with `synchronous_commit` on, PostgreSQL's default).
  public final class PostgresStore: FingerprintStore {
    let client: PostgresClient
    let logger: Logger
    /// Runs the client's connection pool until the store is shut down.
    let runner: Task<Void, Never>
    /// The database, as `postgres://user@host:port/name` (without the password).
    public let location: String
    /// This store's name in the change notifications it sends, so that it skips its own.
    let origin = UUID().uuidString.lowercased()
    /// How long a statement may take, connecting included, before the store gives up on it
    /// (`StoreUnavailable`): while the database is down, the pool would otherwise wait for it.
    public let deadline: Duration

    /// Connects to the database at `url` (`postgres://user[:password]@host[:port]/database`) and
    /// brings its schema up to date; statements that take longer than `deadline` fail.
    public init(url: String, deadline: Duration = PostgresStore.defaultDeadline) async throws {
      self.deadline = deadline
      guard let parts = URLComponents(string: url),
        ["postgres", "postgresql"].contains(parts.scheme),
        let host = parts.host, let user = parts.user, !parts.path.dropFirst().isEmpty
      else {
        throw FingerpostError(
          .malformed, field: "--database",
          "\(url) is not postgres://user[:password]@host[:port]/database")
      }
      let database = String(parts.path.dropFirst())
      location = "postgres://\(user)@\(host):\(parts.port ?? 5432)/\(database)"
      let (port, password) = (parts.port ?? 5432, parts.password)
      logger = Logger(label: "fingerpost.store.postgres")
      do {
        // One connection of its own first: an absent server or a refused login fails here at
        // once (the pool would retry), and the schema is made under a session lock that closing
        // the connection releases.
        let connection = try await PostgresConnection.connect(
          configuration: .init(
            host: host, port: port, username: user, password: password, database: database,
            tls: .disable),
          id: 0, logger: logger)
        do {
          try await Self.migrate(connection, logger: logger)
          try await connection.close()
        } catch {
          try? await connection.close()
          throw error
        }
      } catch {
        throw FingerpostError(.unreadable, file: location, "cannot open the store (\(error))")
      }
      client = PostgresClient(
        configuration: .init(
          host: host, port: port, username: user, password: password, database: database,
          tls: .disable))
      let client = self.client
      runner = Task { await client.run() }
    }

    deinit { runner.cancel() }

    /// Closes the store's connections.
    public func shutdown() { runner.cancel() }

    /// Creates the tables that are missing, one instance at a time (a session advisory lock).
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
      try await connection.query("SELECT pg_advisory_lock(7428301)", logger: logger)
      for statement in schema {
        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
      }
    }

    /// The tables, as `SQLiteStore`'s migration "v1" makes them.
    static let schema = [
      """
      CREATE TABLE IF NOT EXISTS api_key (key TEXT PRIMARY KEY, name TEXT NOT NULL,
        allow_locate BOOLEAN NOT NULL, write_venues TEXT NOT NULL, daily_limit BIGINT,
        revoked BOOLEAN NOT NULL DEFAULT FALSE, created TIMESTAMPTZ NOT NULL)
      """,
      """
      CREATE TABLE IF NOT EXISTS key_usage (key TEXT NOT NULL, day TEXT NOT NULL,
        count BIGINT NOT NULL, PRIMARY KEY (key, day))
      """,
      """
      CREATE TABLE IF NOT EXISTS venue (id TEXT PRIMARY KEY, name TEXT NOT NULL,
        archive BYTEA NOT NULL, updated TIMESTAMPTZ NOT NULL)
      """,
      """
      CREATE TABLE IF NOT EXISTS survey_record (seq BIGSERIAL PRIMARY KEY, venue TEXT NOT NULL,
        record_id TEXT NOT NULL, line TEXT NOT NULL, UNIQUE (venue, record_id))
      """,
      """
      CREATE TABLE IF NOT EXISTS radio_map (venue TEXT NOT NULL, version BIGINT NOT NULL,
        etag TEXT NOT NULL, path TEXT NOT NULL, scans BIGINT NOT NULL, built TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (venue, version))
      """,
      """
      CREATE TABLE IF NOT EXISTS map_job (id TEXT PRIMARY KEY, venue TEXT NOT NULL,
        state TEXT NOT NULL, progress DOUBLE PRECISION NOT NULL, message TEXT, map_version BIGINT,
        created TIMESTAMPTZ NOT NULL, updated TIMESTAMPTZ NOT NULL)
      """,
      // SQLiteStore's migration "v2".
      """
      CREATE TABLE IF NOT EXISTS radio_map_file (venue TEXT NOT NULL, version BIGINT NOT NULL,
        bytes BYTEA NOT NULL, PRIMARY KEY (venue, version))
      """,
      "ALTER TABLE map_job ADD COLUMN IF NOT EXISTS worker TEXT",
      """
      CREATE TABLE IF NOT EXISTS tracking_session (id TEXT PRIMARY KEY, venue TEXT NOT NULL,
        instance TEXT NOT NULL, parameters TEXT NOT NULL, created TIMESTAMPTZ NOT NULL,
        updated TIMESTAMPTZ NOT NULL)
      """,
      """
      CREATE TABLE IF NOT EXISTS session_batch (session TEXT NOT NULL, sequence BIGINT NOT NULL,
        events TEXT NOT NULL, PRIMARY KEY (session, sequence))
      """,
      // SQLiteStore's migration "v3".
      "ALTER TABLE radio_map ADD COLUMN IF NOT EXISTS digest TEXT",
      // SQLiteStore's migration "v4".
      "CREATE TABLE IF NOT EXISTS service_instance (url TEXT PRIMARY KEY, seen TIMESTAMPTZ NOT NULL)",
      // SQLiteStore's migration "v5": keys hashed in place (with their counts), read per venue.
      "ALTER TABLE api_key ADD COLUMN IF NOT EXISTS prefix TEXT",
      "ALTER TABLE api_key ADD COLUMN IF NOT EXISTS read_venues TEXT NOT NULL DEFAULT '*'",
      """
      UPDATE key_usage SET key = encode(sha256(convert_to(key, 'UTF8')), 'hex')
        WHERE key IN (SELECT key FROM api_key WHERE prefix IS NULL)
      """,
      """
      UPDATE api_key SET prefix = left(key, least(8, length(key) / 4)),
        key = encode(sha256(convert_to(key, 'UTF8')), 'hex') WHERE prefix IS NULL
      """,
      // SQLiteStore's migration "v6".
      """
      CREATE TABLE IF NOT EXISTS session_snapshot (session TEXT PRIMARY KEY,
        sequence BIGINT NOT NULL, bytes BYTEA NOT NULL)
      """,
    ]

    /// The rows `query` answers, each read by `decode`, within `deadline` (the store's if nil).
    func rows<T: Sendable>(
      _ query: PostgresQuery, deadline: Duration? = nil,
      _ decode: @escaping @Sendable (PostgresRandomAccessRow) throws -> T
    ) async throws -> [T] {
      try await withDeadline(deadline) { [client, logger] in
        var result: [T] = []
        for try await row in try await client.query(query, logger: logger) {
          result.append(try decode(row.makeRandomAccess()))
        }
        return result
      }
    }

    /// `body` in one transaction, within `deadline` (the store's if nil); when `change` is
    /// given, the other instances are told of it when the transaction commits.
    func transaction<T: Sendable>(
      deadline: Duration? = nil, notifying change: StoreChange? = nil,
      _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
      try await withDeadline(deadline) { [client, logger, origin] in
        try await client.withTransaction(logger: logger) { connection in
          let result = try await body(connection, logger)
          if let change {
            let sent = try await connection.query(
              "SELECT pg_notify(\(Self.channel), \(change.payload(origin: origin)))", logger: logger
            )
            for try await _ in sent {}
          }
          return result
        }
      }
    }

    /// The deadline of a statement unless told otherwise: 3 seconds.
    public static let defaultDeadline = Duration.seconds(3)

    /// `body`, or `StoreUnavailable` when it takes longer than `deadline` (the store's if nil):
    /// then `body` is cancelled and left behind, not waited for (a statement whose connection
    /// died with the server may never answer; a request, or the server's shutdown, must not
    /// wait for it).
    func withDeadline<T: Sendable>(
      _ deadline: Duration? = nil,
      _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
      let location = self.location
      let deadline = deadline ?? self.deadline
      let race = DeadlineRace()
      return try await withCheckedThrowingContinuation { continuation in
        let work = Task {
          let result: Result<T, any Error>
          do { result = .success(try await body()) } catch { result = .failure(error) }
          if race.finish() { continuation.resume(with: result) }
        }
        race.start(
          Task {
            try? await Task.sleep(for: deadline)
            if race.finish() {
              work.cancel()
              continuation.resume(
                throwing: StoreUnavailable(location: location, deadline: deadline))
            }
          })
      }
    }
  }

  /// Which of a statement and its deadline finished first.
  final class DeadlineRace: Sendable {
    let state = Mutex<(finished: Bool, timer: Task<Void, Never>?)>((false, nil))

    /// Keeps the deadline's timer, to cancel it when the statement finishes first.
    func start(_ timer: Task<Void, Never>) {
      let cancel = state.withLock { state in
        if state.finished { return true }
        state.timer = timer
        return false
      }
      if cancel { timer.cancel() }
    }

    /// True for the first caller only (it answers); the timer is cancelled.
    func finish() -> Bool {
      let (first, timer) = state.withLock { state in
        defer { state.finished = true }
        return (!state.finished, state.timer)
      }
      if first { timer?.cancel() }
      return first
    }
  }

  /// The database did not answer in time (down, restarting, or overloaded).
  public struct StoreUnavailable: Error, CustomStringConvertible {
    /// The database.
    public var location: String
    /// How long it was given.
    public var deadline: Duration

    public var description: String { "\(location) did not answer within \(deadline)" }
  }
#endif
