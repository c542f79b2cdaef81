import ArgumentParser
import FingerpostCore
import Foundation
import Store
import TestSupport
import Testing

@testable import FingerpostCLI

/// `fingerpost keys`: the store gets the key's hash and scopes, a key is revoked by itself or by
/// the prefix `keys list` shows, and bad keys are clear errors.
@Suite struct KeysCommandTests {
  @Test func aKeyIsAddedHashedWithItsScopesAndRevokedByItsPrefix() async throws {
    let folder = try TemporaryFolder("keys-cli")
    defer { folder.remove() }
    let data = folder.appending("data").path
    try await KeysAdd.parse([
      "app", "--key", "a1b2c3d4e5f6a7b8c9d0", "--read", "lab", "--write", "office", "--data", data,
    ]).run()
    try await KeysAdd.parse(["other", "--key", "a1b2c3d4e5ffffffffff", "--data", data]).run()
    let store = try SQLiteStore(path: folder.appending("data/fingerpost.sqlite").path)
    let key = try #require(try await store.key(hash: APIKey.hash("a1b2c3d4e5f6a7b8c9d0")))
    #expect(key.prefix == "a1b2c")
    #expect(key.readVenues == ["lab"] && key.writeVenues == ["office"])
    #expect(key.mayRead(venue: "office") && !key.mayRead(venue: "mall"))
    // Both keys start a1b2c: the prefix names neither, the whole key names one.
    await #expect(throws: FingerpostError.self) {
      try await KeysRevoke.parse(["a1b2c", "--data", data]).run()
    }
    try await KeysRevoke.parse(["a1b2c3d4e5f6a7b8c9d0", "--data", data]).run()
    #expect(try await store.key(hash: key.hash)?.revoked == true)
    try await KeysAdd.parse(["third", "--key", "zz99zz99zz99", "--data", data]).run()
    try await KeysRevoke.parse(["zz9…", "--data", data]).run()
    #expect(try await store.key(hash: APIKey.hash("zz99zz99zz99"))?.revoked == true)
    #expect(try await store.key(hash: APIKey.hash("a1b2c3d4e5ffffffffff"))?.revoked == false)
  }

  @Test func aKeyThatExistsOrIsNotPlainTextIsRefused() async throws {
    let folder = try TemporaryFolder("keys-cli-bad")
    defer { folder.remove() }
    let data = folder.appending("data").path
    try await KeysAdd.parse(["a", "--key", "same-key", "--data", data]).run()
    for bad in ["same-key", "with space", "ключ", String(repeating: "k", count: 129)] {
      await #expect(throws: FingerpostError.self, "\(bad)") {
        try await KeysAdd.parse(["b", "--key", bad, "--data", data]).run()
      }
    }
  }

  @Test func theDatabaseTimeoutIsPositiveAndBounded() throws {
    #expect(try KeysList.parse(["--database-timeout", "0.5"]).folder.databaseTimeout == 0.5)
    for bad in ["0", "-1", "nan", "4000"] {
      #expect(throws: (any Error).self, "\(bad)") {
        try KeysList.parse(["--database-timeout", bad])
      }
    }
  }
}
