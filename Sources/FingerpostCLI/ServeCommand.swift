import ArgumentParser
import FingerpostCore
import Foundation
import Service

/// `fingerpost serve [--port 8080] [--data DIR]`: the fingerprint service.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve venues, surveys, radio maps and locate over HTTP.",
    discussion: """
      Speaks the Wi-Fi geolocation API existing clients use (POST /v1/geolocate?key=K, \
      POST /v2/geosubmit) and the indoor endpoints under /fp/v1 (venues, surveys, radio map \
      builds, locate, live tracking sessions). Data (a SQLite store and the map files) is kept in --data, or the store in \
      PostgreSQL with --database (several instances can share it). Keys come \
      from `fingerpost keys add`.
      """)

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The TCP port (0 picks a free one).")
  var port = 8080

  @OptionGroup var storage: DataFolderOption

  @Option(
    help: ArgumentHelp(
      "This instance's base URL, where other instances sharing --database send clients for"
        + " its tracking sessions.", valueName: "url"))
  var publicURL: String?

  @Option(help: "A tracking session that takes no events for this many seconds ends.")
  var sessionTimeout = 600.0

  @Option(
    help: ArgumentHelp(
      "A connection that sends nothing for this many seconds (half a request included) is"
        + " closed."))
  var idleTimeout = 30.0

  @Option(
    help: ArgumentHelp(
      "Seconds after which an instance sharing --database that stopped saying it is alive"
        + " loses its tracking sessions to the instance asked about them."))
  var instanceTimeout = 30.0

  @Option(help: "Particles of each tracking session's filter.")
  var sessionParticles: Int?

  @Option(
    help: ArgumentHelp(
      "Tracking sessions one key may hold open at once (an app's key is shared by its users:"
        + " raise it to their number)."))
  var sessionsPerKey = 100

  @Option(
    help: ArgumentHelp(
      "Unknown or revoked keys one client address may send a minute before it is refused"
        + " (429) for the rest of the minute."))
  var failedKeyLimit = 30

  @Option(help: "Connections one client address may hold open at once.")
  var connectionsPerAddress = 256

  @Option(
    help: ArgumentHelp(
      "The IP address of a reverse proxy in front of the service (repeat for several): its"
        + " X-Forwarded-For names the client, whose address the limits then fall on.",
      valueName: "address"))
  var trustedProxy: [String] = []

  func run() async throws {
    // The data folder holds keys, surveys and maps: what the service creates is its own.
    umask(0o077)
    let data = storage.data
    var configuration = ServiceConfiguration(dataFolder: data)
    configuration.database = storage.database
    configuration.databaseTimeout = storage.databaseTimeout
    configuration.host = host
    configuration.port = port
    configuration.publicURL = publicURL
    guard sessionTimeout > 0, idleTimeout > 0, instanceTimeout > 10, sessionsPerKey > 0,
      failedKeyLimit > 0, connectionsPerAddress > 0,
      sessionParticles.map({ $0 >= 10 }) ?? true
    else {
      throw ValidationError(
        "--session-timeout, --idle-timeout, --sessions-per-key, --failed-key-limit and"
          + " --connections-per-address must be positive,"
          + " --instance-timeout over 10 (instances say they are alive every 10 s) and"
          + " --session-particles at least 10")
    }
    configuration.sessionsPerKey = sessionsPerKey
    configuration.failedKeyLimit = failedKeyLimit
    configuration.connectionsPerAddress = connectionsPerAddress
    do {
      configuration.trustedProxies = try TrustedProxies(trustedProxy)
    } catch {
      throw ValidationError("--trusted-proxy: \(error.message)")
    }
    configuration.idleTimeout = idleTimeout
    configuration.sessionTimeout = sessionTimeout
    configuration.instanceTimeout = instanceTimeout
    if let sessionParticles { configuration.sessionSettings.particles = sessionParticles }
    let service = try await FingerprintService(configuration: configuration)
    let venues = service.catalog.count
    let source = storage.database == nil ? data : "PostgreSQL"
    try await service.run { port in
      printError(
        "fingerpost serve: listening on http://\(host):\(port) (\(venues) venue(s) from \(source))")
    }
  }
}
