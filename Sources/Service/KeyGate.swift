import Foundation
import Logging
import Store
import Synchronization

/// Checks API keys and counts their requests per UTC day (ichnaea's daily limit). Keys are
/// looked up by their SHA-256 (the store keeps no key) and cached for `keyLifetime` seconds;
/// counts are kept here and added to the store by `flush()`, so that a locate does not wait for
/// a database write. Keys longer than `maximumKeyLength` are refused unread, the cache holds at
/// most `cacheLimit` keys (unknown keys sent by a client cannot grow it without bound), and a
/// client address (`client`) that sends too many bad keys is refused for a while (`failures`).
public final class KeyGate: Sendable {
  struct Cached {
    var key: APIKey?
    var fetched: Date
  }

  struct Counts {
    var day = ""
    /// Requests of the day per key: stored before this process counted, and counted since.
    var stored: [String: Int] = [:]
    var pending: [String: Int] = [:]
  }

  let store: any FingerprintStore
  /// Cached keys by SHA-256.
  let keys = Mutex<[String: Cached]>([:])
  let counts = Mutex(Counts())
  let logger = Logger(label: "fingerpost.keys")
  /// Seconds a key read from the store is trusted (a revocation takes effect within it).
  public let keyLifetime: Double
  /// The most keys cached (known and unknown).
  public let cacheLimit: Int
  /// Failed attempts per client address.
  public let failures: KeyFailures
  /// The longest key looked up, characters (`APIKey.maximumLength`).
  public static let maximumKeyLength = APIKey.maximumLength
  /// The address of the client whose request is being answered (set by `ClientMiddleware`).
  @TaskLocal public static var client: String?

  /// A gate over the keys of `store`.
  public init(
    store: any FingerprintStore, keyLifetime: Double = 5, cacheLimit: Int = 4096,
    failures: KeyFailures = KeyFailures()
  ) {
    self.store = store
    self.keyLifetime = keyLifetime
    self.cacheLimit = cacheLimit
    self.failures = failures
  }

  /// The number of keys cached.
  public var cachedKeys: Int { keys.withLock { $0.count } }

  /// What a request may do.
  public enum Need: Sendable {
    /// Anything a valid key may do (list the venues it may read); the caller checks the rest.
    case any
    /// Read venue `id`: its levels, units, surveys, radio map and jobs.
    case read(venue: String)
    /// Locate.
    case locate
    /// Write venue `id`.
    case write(venue: String)
  }

  /// The key `text` if it allows `need` and is under its daily limit (the request is counted);
  /// else the geolocation API's error. A missing, unknown or revoked key counts as a failed
  /// attempt of the `client` address, which is refused (429) once it has made too many.
  public func admit(_ text: String?, for need: Need, now: Date = Date())
    async throws(GeolocateError)
    -> APIKey
  {
    let client = Self.client
    if let client, let seconds = failures.retryAfter(client, now: now) {
      throw .tooManyFailedKeys(retryAfter: seconds)
    }
    do throws(GeolocateError) {
      return try await check(text, for: need, now: now)
    } catch {
      if let client, error.indoorCode == 401, failures.record(client, now: now) {
        logger.warning(
          "refusing a client that sent too many bad keys",
          metadata: [
            "client": "\(client)", "limit": "\(failures.limit)",
            "failures": "\(failures.failures)",
          ])
      }
      throw error
    }
  }

  func check(_ text: String?, for need: Need, now: Date) async throws(GeolocateError) -> APIKey {
    guard let text, !text.isEmpty else {
      throw .keyInvalid("no key= parameter or Authorization: Bearer header")
    }
    guard text.utf8.count <= Self.maximumKeyLength else {
      throw .keyInvalid("the key is longer than \(Self.maximumKeyLength) characters")
    }
    let key: APIKey?
    do {
      key = try await self.key(hash: APIKey.hash(text), now: now)
    } catch {
      throw GeolocateError.serviceUnavailable("the key store cannot be read")
    }
    guard let key, !key.revoked else { throw .keyInvalid("unknown or revoked key") }
    switch need {
    case .any:
      break
    case .read(let venue):
      guard key.mayRead(venue: venue) else {
        throw .forbidden("the key may not read venue \(venue)")
      }
    case .locate:
      guard key.allowLocate else { throw .keyNotAllowed("the key may not locate") }
    case .write(let venue):
      guard key.mayWrite(venue: venue) else {
        throw .forbidden("the key may not write venue \(venue)")
      }
    }
    let day = utcDay(now)
    let stored: Int
    if let known = counts.withLock({ $0.day == day ? $0.stored[key.hash] : nil }) {
      stored = known
    } else {
      stored = (try? await store.requests(key: key.hash, day: day)) ?? 0
    }
    let allowed = counts.withLock { state -> Bool in
      if state.day != day { state = Counts(day: day) }
      if state.stored[key.hash] == nil { state.stored[key.hash] = stored }
      let used = (state.stored[key.hash] ?? 0) + (state.pending[key.hash] ?? 0)
      if let limit = key.dailyLimit, used >= limit { return false }
      state.pending[key.hash, default: 0] += 1
      return true
    }
    guard allowed else { throw .dailyLimitExceeded }
    return key
  }

  /// Adds the counts made since the last flush to the store.
  public func flush() async throws {
    let (day, pending) = counts.withLock { state in
      let taken = state.pending
      state.pending = [:]
      for (key, n) in taken { state.stored[key, default: 0] += n }
      return (state.day, taken)
    }
    for (key, n) in pending where n > 0 {
      _ = try await store.countRequest(key: key, day: day, by: n)
    }
  }

  func key(hash: String, now: Date) async throws -> APIKey? {
    if let cached = keys.withLock({ $0[hash] }), now.timeIntervalSince(cached.fetched) < keyLifetime
    {
      return cached.key
    }
    let key = try await store.key(hash: hash)
    keys.withLock { cache in
      if cache[hash] == nil, cache.count >= cacheLimit {
        // Full: drop what has expired, then the unknown keys; with only known keys left (as many
        // as the store holds), this one is not cached.
        cache = cache.filter { now.timeIntervalSince($0.value.fetched) < keyLifetime }
        if cache.count >= cacheLimit { cache = cache.filter { $0.value.key != nil } }
        if cache.count >= cacheLimit { return }
      }
      cache[hash] = Cached(key: key, fetched: now)
    }
    return key
  }
}
