import Foundation
import Service
import Store
import TestSupport
import Testing

/// The key gate against clients that send keys it does not know: the cache stays bounded and
/// over-long keys are refused without a lookup.
@Suite struct KeyGateTests {
  func gate(cacheLimit: Int) async throws -> (KeyGate, TemporaryFolder) {
    let folder = try TemporaryFolder("keygate")
    let store = try SQLiteStore(path: folder.appending("store.sqlite").path)
    try await store.addKey(APIKey(key: "good", name: "good"))
    return (KeyGate(store: store, keyLifetime: 60, cacheLimit: cacheLimit), folder)
  }

  @Test func unknownKeysDoNotGrowTheCacheBeyondItsLimit() async throws {
    let (gate, folder) = try await gate(cacheLimit: 50)
    defer { folder.remove() }
    _ = try await gate.admit("good", for: .locate)
    for k in 0..<500 {
      await #expect(throws: GeolocateError.self) {
        try await gate.admit("unknown-\(k)", for: .any)
      }
    }
    #expect(gate.cachedKeys <= 50)
    // The known key stayed cached and is still admitted.
    #expect(try await gate.admit("good", for: .locate).name == "good")
  }

  @Test func aKeyLongerThanAnyGeneratedOneIsRefusedAndNotCached() async throws {
    let (gate, folder) = try await gate(cacheLimit: 50)
    defer { folder.remove() }
    let long = String(repeating: "k", count: 60_000)
    await #expect {
      try await gate.admit(long, for: .any)
    } throws: { error in
      let refusal = error as? GeolocateError
      return refusal?.reason == "keyInvalid" && refusal?.message.contains("longer than 128") == true
    }
    #expect(gate.cachedKeys == 0)
  }
}
