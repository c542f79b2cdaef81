import Foundation
import Store
import Synchronization

/// Checks API keys and counts their requests per UTC day (ichnaea's daily limit). Keys are
/// cached for `keyLifetime` seconds; counts are kept here and added to the store by `flush()`,
/// so that a locate does not wait for a database write. Keys longer than `maximumKeyLength` are
/// refused unread, and the cache holds at most `cacheLimit` keys: unknown keys sent by a client
/// cannot grow it without bound.
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
  let keys = Mutex<[String: Cached]>([:])
  let counts = Mutex(Counts())
  /// Seconds a key read from the store is trusted (a revocation takes effect within it).
  public let keyLifetime: Double
  /// The most keys cached (known and unknown).
  public let cacheLimit: Int
  /// The longest key looked up, characters (generated keys have 32).
  public static let maximumKeyLength = 128

  /// A gate over the keys of `store`.
  public init(store: any FingerprintStore, keyLifetime: Double = 5, cacheLimit: Int = 4096) {
    self.store = store
    self.keyLifetime = keyLifetime
    self.cacheLimit = cacheLimit
  }

  /// The number of keys cached.
  public var cachedKeys: Int { keys.withLock { $0.count } }

  /// What a request may do.
  public enum Need: Sendable {
    /// Read venues, surveys, maps and jobs (any valid key).
    case read
    /// Locate.
    case locate
    /// Write venue `id`.
    case write(venue: String)
  }

  /// The key `text` if it allows `need` and is under its daily limit (the request is counted);
  /// else the geolocation API's error.
  public func admit(_ text: String?, for need: Need, now: Date = Date())
    async throws(GeolocateError)
    -> APIKey
  {
    guard let text, !text.isEmpty else { throw .keyInvalid("no key= parameter") }
    guard text.utf8.count <= Self.maximumKeyLength else {
      throw .keyInvalid("the key is longer than \(Self.maximumKeyLength) characters")
    }
    let key: APIKey?
    do {
      key = try await self.key(text, now: now)
    } catch {
      throw GeolocateError.serviceUnavailable("the key store cannot be read")
    }
    guard let key, !key.revoked else { throw .keyInvalid("unknown or revoked key") }
    switch need {
    case .read:
      break
    case .locate:
      guard key.allowLocate else { throw .keyNotAllowed("the key may not locate") }
    case .write(let venue):
      guard key.mayWrite(venue: venue) else {
        throw .forbidden("the key may not write venue \(venue)")
      }
    }
    let day = utcDay(now)
    let stored: Int
    if let known = counts.withLock({ $0.day == day ? $0.stored[key.key] : nil }) {
      stored = known
    } else {
      stored = (try? await store.requests(key: key.key, day: day)) ?? 0
    }
    let allowed = counts.withLock { state -> Bool in
      if state.day != day { state = Counts(day: day) }
      if state.stored[key.key] == nil { state.stored[key.key] = stored }
      let used = (state.stored[key.key] ?? 0) + (state.pending[key.key] ?? 0)
      if let limit = key.dailyLimit, used >= limit { return false }
      state.pending[key.key, default: 0] += 1
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

  func key(_ text: String, now: Date) async throws -> APIKey? {
    if let cached = keys.withLock({ $0[text] }), now.timeIntervalSince(cached.fetched) < keyLifetime
    {
      return cached.key
    }
    let key = try await store.key(text)
    keys.withLock { cache in
      if cache[text] == nil, cache.count >= cacheLimit {
        // Full: drop what has expired, then the unknown keys; with only known keys left (as many
        // as the store holds), this one is not cached.
        cache = cache.filter { now.timeIntervalSince($0.value.fetched) < keyLifetime }
        if cache.count >= cacheLimit { cache = cache.filter { $0.value.key != nil } }
        if cache.count >= cacheLimit { return }
      }
      cache[text] = Cached(key: key, fetched: now)
    }
    return key
  }
}
