import IMDF
import JSON
import Localization

/// How `fingerpost serve` runs: where it listens, where it keeps its data, what it accepts.
public struct ServiceConfiguration: Sendable {
  /// The address to listen on.
  public var host = "127.0.0.1"
  /// The TCP port.
  public var port = 8080
  /// The data folder: the SQLite store and the radio map files.
  public var dataFolder: String
  /// A PostgreSQL database (`postgres://user@host:port/name`) to keep the store in instead of
  /// the data folder's SQLite file, so that several instances share it.
  public var database: String?
  /// Seconds a statement of `database` may take before it fails and the request gets 503.
  public var databaseTimeout = ServiceConfiguration.defaultDatabaseTimeout
  /// The base URL other instances sharing the store send clients to for this instance's
  /// tracking sessions; `http://host:port` when nil.
  public var publicURL: String?
  /// Largest request body of the geolocation API, bytes (after gzip decoding too).
  public var requestLimit = 1 << 20
  /// Largest upload (an IMDF zip, a survey batch), bytes.
  public var uploadLimit = 64 << 20
  /// The most JSON values (objects, arrays, numbers, strings, each counted) one request body
  /// may hold: bytes do not bound memory (a gzip of `[0,0,…]` is millions of values). A
  /// geosubmit item with 20 networks is about 100.
  public var valueLimit = 250_000
  /// The deepest nesting of arrays and objects in a request body (geolocation bodies need 4).
  public var depthLimit = 16

  /// `valueLimit` and `depthLimit` as the JSON parser takes them.
  public var jsonLimits: JSONParser.Limits {
    JSONParser.Limits(depth: depthLimit, values: valueLimit)
  }
  /// What an uploaded IMDF archive may hold (JSON values, features, positions); beyond, 413.
  public var venueLimits = VenueLoader.Limits()
  /// A connection that sends nothing for this long (half-sent headers or body included) is
  /// closed, seconds; a response being written is not cut.
  public var idleTimeout = 30.0
  /// Connections one client address may hold open at once (beyond, a new one is closed);
  /// trusted proxies are not limited.
  public var connectionsPerAddress = 256
  /// The reverse proxies whose `X-Forwarded-For` names the client.
  public var trustedProxies = TrustedProxies.none
  /// Seconds a shutdown (SIGTERM) waits for responses to finish before cancelling them.
  public var shutdownTimeout = 10.0
  /// A tracking session that takes no events for this long ends, seconds.
  public var sessionTimeout = 600.0
  /// An instance sharing the store that has not said it is alive for this long is taken to
  /// have stopped: another instance asked about its tracking sessions takes them over,
  /// seconds. (Instances say so every 10 s.)
  public var instanceTimeout = 30.0
  /// Most tracking sessions open at once.
  public var sessionLimit = 1_000
  /// The most sessions one key may hold open on an instance, so that one key cannot take them
  /// all.
  public var sessionsPerKey = 100
  /// Unknown or revoked keys one client address may send in `failedKeyWindow` before it is
  /// refused (429) for the rest of that window.
  public var failedKeyLimit = 30
  /// The window of `failedKeyLimit`, seconds.
  public var failedKeyWindow = 60.0
  /// The particle filter of every tracking session (`replay`'s defaults).
  public var sessionSettings = ParticleFilterSettings()
  /// The memory one map build may use, bytes (nil: what the machine has available when it
  /// starts); a build that would need more fails with the estimate, as `fingerpost ingest` does.
  public var mapBuildMemory: Int?
  /// A tracking session's state is kept in the store after every this many batches, so that
  /// opening it again replays at most as many (0: never; every batch is replayed).
  public var snapshotEvery = 20

  /// A service keeping its data in `dataFolder`.
  public init(dataFolder: String) {
    self.dataFolder = dataFolder
  }
}
