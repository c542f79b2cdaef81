import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Service
import Store
import TestSupport
import Testing

/// Keys cannot be tried as fast as the service answers: an address that sends too many unknown
/// or revoked keys is refused (429 with the seconds to wait) until its window ends, whatever key
/// it sends meanwhile; other addresses, and keys that are valid but not allowed, are not counted.
@Suite struct KeyFailureTests {
  func gate() async throws -> (KeyGate, TemporaryFolder) {
    let folder = try TemporaryFolder("keyfailures")
    let store = try SQLiteStore(path: folder.appending("store.sqlite").path)
    try await store.addKey(APIKey(key: "good", name: "good", allowLocate: false))
    let failures = KeyFailures(limit: 5, window: 60)
    return (KeyGate(store: store, keyLifetime: 60, failures: failures), folder)
  }

  func refusal(_ gate: KeyGate, _ key: String, from client: String?, at now: Date) async
    -> GeolocateError?
  {
    await KeyGate.$client.withValue(client) { () async -> GeolocateError? in
      do {
        _ = try await gate.admit(key, for: .locate, now: now)
        return nil
      } catch let error as GeolocateError {
        return error
      } catch {
        return nil
      }
    }
  }

  @Test func anAddressThatTriesTooManyBadKeysWaitsForItsWindowToEnd() async throws {
    let (gate, folder) = try await gate()
    defer { folder.remove() }
    let start = Date(timeIntervalSince1970: 1_000_000)
    for k in 0..<5 {
      let error = await refusal(gate, "guess-\(k)", from: "203.0.113.9", at: start)
      #expect(error?.reason == "keyInvalid")
    }
    // The next attempt is refused before the key is looked at, even the right key.
    let blocked = await refusal(gate, "good", from: "203.0.113.9", at: start + 10)
    #expect(blocked?.code == 429)
    #expect(blocked?.retryAfter == 50)
    #expect(gate.failures.failures == 5)
    // Another address is not held up; nor is a test's request without an address.
    #expect(await refusal(gate, "good", from: "198.51.100.1", at: start + 10)?.indoorCode == 403)
    #expect(await refusal(gate, "good", from: nil, at: start + 10)?.indoorCode == 403)
    // After the window, the address may try again.
    #expect(await refusal(gate, "good", from: "203.0.113.9", at: start + 61)?.indoorCode == 403)
  }

  @Test func aValidKeyThatMayNotDoThisIsNotAFailedAttempt() async throws {
    let (gate, folder) = try await gate()
    defer { folder.remove() }
    let now = Date()
    for _ in 0..<20 {
      // `good` may not locate: 403 indoors, never counted towards the address's limit.
      let error = await refusal(gate, "good", from: "203.0.113.7", at: now)
      #expect(error?.indoorCode == 403)
    }
    #expect(gate.failures.failures == 0)
  }

  @Test func overHTTPTheClientsAddressIsRefusedWith429AndRetryAfter() async throws {
    let folder = try TemporaryFolder("keyfailures-http")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "good", name: "good")]
    ) { configuration in
      configuration.failedKeyLimit = 3
    }
    try await service.application().test(.live) { client in
      try await client.execute(uri: "/fp/v1/venues?key=good", method: .get) { response in
        #expect(response.status == .ok)
      }
      for k in 0..<3 {
        try await client.execute(uri: "/fp/v1/venues?key=guess-\(k)", method: .get) { response in
          #expect(response.status == .unauthorized)
        }
      }
      for uri in ["/fp/v1/venues?key=good", "/v1/geolocate?key=good"] {
        try await client.execute(
          uri: uri, method: uri.hasPrefix("/v1") ? .post : .get,
          body: ByteBuffer(string: #"{"wifiAccessPoints": []}"#)
        ) { response in
          #expect(response.status == .tooManyRequests, "\(uri)")
          let wait = response.headers[.retryAfter].flatMap { Int($0) } ?? 0
          #expect(wait > 0 && wait <= 60)
        }
      }
    }
    #expect(service.keys.failures.failures == 3)
  }

  @Test func theAddressesFollowedAreBounded() {
    let failures = KeyFailures(limit: 3, window: 60, addressLimit: 100)
    let now = Date()
    for a in 0..<1000 { failures.record("10.0.\(a / 256).\(a % 256)", now: now) }
    for _ in 0..<3 { failures.record("192.0.2.1", now: now) }
    #expect(failures.retryAfter("192.0.2.1", now: now) == 60)
    #expect(failures.followed <= 100)
  }
}
