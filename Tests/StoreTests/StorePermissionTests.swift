import Foundation
import Store
import TestSupport
import Testing

/// The SQLite store holds keys and surveys: its file is its owner's alone, new or old.
@Suite struct StorePermissionTests {
  func permissions(_ path: String) throws -> Int {
    try #require(
      FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func aNewStoreAndAnOldOneOpenedAgainAreReadableByTheirOwnerOnly() async throws {
    let folder = try TemporaryFolder("store-permissions")
    defer { folder.remove() }
    let path = folder.appending("fingerpost.sqlite").path
    let store = try SQLiteStore(path: path)
    try await store.addKey(APIKey(key: "k", name: "k"))
    #expect(try permissions(path) == 0o600)
    // A store made before (0644) is made private when opened.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    _ = try SQLiteStore(path: path)
    #expect(try permissions(path) == 0o600)
  }
}
