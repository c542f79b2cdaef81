import FingerpostCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Store
import Synchronization

/// The fingerprint service: the geolocation API (`/v1/geolocate`, `/v2/geosubmit`) and the
/// indoor endpoints (`/fp/v1/…`) over a store, a catalog of loaded venues and a key gate. A thin
/// front end: locating, ingesting and venue loading are the library's.
public final class FingerprintService: Sendable {
  /// How it runs.
  public let configuration: ServiceConfiguration
  /// What it keeps.
  public let store: any FingerprintStore
  /// The venues it answers with, kept in step with the store, and their map builds.
  let library: VenueLibrary
  /// API keys and their daily counts.
  public let keys: KeyGate
  /// The live tracking sessions.
  public let sessions = SessionHub()
  /// Open connections per client address.
  public let connections: ConnectionQuota
  let logger = Logger(label: "fingerpost.service")
  let address: InstanceAddress
  /// The venues and maps it answers with.
  public var catalog: VenueCatalog { library.catalog }
  /// The radio map files: the store's and this instance's copies.
  var maps: MapFiles { library.maps }
  /// The tracking sessions' endpoints.
  var tracking: SessionController {
    SessionController(
      sessions: sessions, store: store, catalog: catalog, maps: maps, keys: keys,
      configuration: configuration, address: address, logger: logger)
  }

  /// Opens the store (the data folder's, or the PostgreSQL database configured) and loads every
  /// stored venue.
  public init(configuration: ServiceConfiguration) async throws {
    self.configuration = configuration
    let store = try await Self.openStore(
      dataFolder: configuration.dataFolder, database: configuration.database,
      timeout: configuration.databaseTimeout)
    self.store = store
    connections = ConnectionQuota(
      perAddress: configuration.connectionsPerAddress,
      unlimited: configuration.trustedProxies.addresses)
    keys = KeyGate(
      store: store,
      failures: KeyFailures(
        limit: configuration.failedKeyLimit, window: configuration.failedKeyWindow))
    let address = InstanceAddress(
      configuration.publicURL ?? "http://\(configuration.host):\(configuration.port)")
    self.address = address
    library = VenueLibrary(
      store: store, maps: MapFiles(store: store, dataFolder: configuration.dataFolder),
      sessions: sessions, configuration: configuration, address: address, logger: logger)
    try await library.syncCatalog(strict: true)
  }

  /// Tells the instances sharing the store that this one is alive (at its `instance` URL):
  /// the tracking sessions it holds stay its own. Nothing on a store no other instance shares.
  public func beat() async {
    guard store.isShared else { return }
    do {
      try await store.beat(instance: instance)
    } catch {
      logger.warning("cannot say this instance is alive", metadata: ["error": "\(error)"])
    }
  }

  /// Takes up the changes other instances make to a shared store until cancelled: venues and
  /// maps they store are loaded, jobs they queue are worked on.
  public func followChanges() async { await library.followChanges() }

  /// This instance's base URL, as other instances sharing the store send clients to it (for
  /// the tracking sessions it holds) and as it names itself on the map build jobs it takes.
  public var instance: String { address.url }

  /// The store: PostgreSQL at `database` when given, else the SQLite file of `dataFolder`
  /// (the folder is created if needed; it holds the map files either way), whose statements
  /// fail after `timeout` seconds.
  public static func openStore(dataFolder: String, database: String?, timeout: Double)
    async throws -> any FingerprintStore
  {
    try ServiceConfiguration.checkDatabaseTimeout(timeout)
    try FileAccess.createDirectory(dataFolder)
    if let database {
      #if PostgreSQL
        return try await PostgresStore(url: database, deadline: .milliseconds(Int(timeout * 1000)))
      #else
        throw FingerpostError(
          .unsupportedVersion, field: "database",
          "this fingerpost was built without PostgreSQL (`--disable-default-traits`): build it "
            + "with the default traits (`swift build -c release`) to serve from a database")
      #endif
    }
    return try SQLiteStore(path: databasePath(in: dataFolder))
  }

  /// The SQLite database of a data folder.
  public static func databasePath(in folder: String) -> String {
    URL(fileURLWithPath: folder).appendingPathComponent("fingerpost.sqlite").path
  }

  /// The routes and middleware.
  public func router() -> Router<ServiceRequestContext> {
    let router = Router(context: ServiceRequestContext.self)
    router.add(middleware: ClientMiddleware(proxies: configuration.trustedProxies))
    router.add(
      middleware: ReadCORSMiddleware(
        cors: CORSMiddleware(
          allowOrigin: .all, allowHeaders: [.contentType, .contentEncoding, .authorization],
          allowMethods: [.get, .post, .delete, .options], maxAge: .seconds(86_400))))
    WebFiles.addMiddleware(to: router)
    GeolocationController(catalog: catalog, store: store, keys: keys, configuration: configuration)
      .addRoutes(to: router)
    VenueController(library: library, keys: keys, configuration: configuration)
      .addRoutes(to: router)
    tracking.addRoutes(to: router)
    return router
  }

  /// Serves until cancelled. Meanwhile it follows the changes other instances make to a shared
  /// store, and every few seconds adds the keys' request counts to the store, ends idle
  /// sessions, says it is alive (every 10 s) and looks for map build jobs left queued or
  /// abandoned.
  public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws
  {
    let app = application { port in
      if self.configuration.publicURL == nil {
        self.address.url = "http://\(self.configuration.host):\(port)"
      }
      await self.beat()
      await onServerRunning(port)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        // The drain is told to shut down first (services stop in reverse order), so that open
        // fix streams end before the server waits for its responses; whatever is left after
        // `shutdownTimeout` is cancelled.
        let drain = ServiceGroupConfiguration.ServiceConfiguration(
          service: SessionDrain(sessions: self.sessions, logger: self.logger),
          successTerminationBehavior: .ignore)
        var group = ServiceGroupConfiguration(
          services: [.init(service: app), drain], gracefulShutdownSignals: [.sigterm, .sigint],
          logger: self.logger)
        group.maximumGracefulShutdownDuration = .seconds(self.configuration.shutdownTimeout)
        try await ServiceGroup(configuration: group).run()
      }
      if store.isShared {
        group.addTask {
          // Only cancellation ends the server's part: a change stream that ends is followed again.
          while !Task.isCancelled {
            await self.followChanges()
            try? await Task.sleep(for: .seconds(1))
          }
        }
      }
      group.addTask {
        var round = 0
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(2))
          try? await self.keys.flush()
          await self.tracking.expireSessions()
          round += 1
          if round % 5 == 0 { await self.beat() }
          if round % 10 == 1 { await self.library.workJobs() }
        }
      }
      try await group.next()
      group.cancelAll()
    }
    try await keys.flush()
  }
}
