import ArgumentParser
import FingerpostCore
import Foundation
import Service
import Store

/// `fingerpost keys add|list|revoke`: the service's API keys.
struct KeysCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys",
    abstract: "Add, list and revoke the service's API keys.",
    subcommands: [KeysAdd.self, KeysList.self, KeysRevoke.self])
}

/// The store options the key commands and `serve` share.
struct DataFolderOption: ParsableArguments {
  @Option(help: "The service's data folder (its SQLite store and map files).")
  var data = "fingerpost-data"

  @Option(help: "A PostgreSQL store instead of the folder's SQLite: postgres://user@host:port/db.")
  var database: String?

  @Option(help: "Seconds a --database statement may take before it fails (the database is down).")
  var databaseTimeout = ServiceConfiguration.defaultDatabaseTimeout

  func validate() throws {
    do {
      try ServiceConfiguration.checkDatabaseTimeout(databaseTimeout)
    } catch let error as FingerpostError {
      throw ValidationError(error.message)
    }
  }

  func store() async throws -> any FingerprintStore {
    try await FingerprintService.openStore(
      dataFolder: data, database: database, timeout: databaseTimeout)
  }
}

struct KeysAdd: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a key and print it (only now: the store keeps its SHA-256, not the key).")

  @Argument(help: "A name for the key.")
  var name: String

  @Option(help: "The key itself (default: 32 random hexadecimal digits).")
  var key: String?

  @Flag(help: "The key may not locate.")
  var noLocate = false

  @Option(
    help: "A venue id the key may read (levels, units, surveys, radio map); * for every venue.")
  var read: [String] = []

  @Option(help: "A venue id the key may write (upload, survey, build) and read; * for every venue.")
  var write: [String] = []

  @Option(help: "Requests a UTC day (default: no limit).")
  var dailyLimit: Int?

  @OptionGroup var folder: DataFolderOption

  func run() async throws {
    let text = key ?? APIKey.generate()
    try APIKey.check(text, field: "--key")
    let key = APIKey(
      key: text, name: name, allowLocate: !noLocate, readVenues: read, writeVenues: write,
      dailyLimit: dailyLimit)
    try await folder.store().addNewKey(key, field: "--key")
    print(text)
  }
}

struct KeysList: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the keys (by their first characters).")

  @OptionGroup var folder: DataFolderOption

  func run() async throws {
    let store = try await folder.store()
    let today = utcDay(Date())
    func column(_ text: String, _ width: Int) -> String {
      text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }
    print(
      column("prefix", 10) + column("name", 18) + column("locate", 8) + column("reads", 14)
        + column("writes", 14) + column("daily limit", 13) + column("today", 7) + "revoked")
    for key in try await store.keys() {
      let used = try await store.requests(key: key.hash, day: today)
      func venues(_ ids: [String]) -> String { ids.isEmpty ? "–" : ids.joined(separator: ",") }
      let limit = key.dailyLimit.map(String.init) ?? "–"
      var row = column(key.prefix + "…", 10) + column(key.name, 18)
      row += column(key.allowLocate ? "yes" : "no", 8) + column(venues(key.readVenues), 14)
      row += column(venues(key.writeVenues), 14) + column(limit, 13) + column(String(used), 7)
      print(row + (key.revoked ? "yes" : "no"))
    }
  }
}

struct KeysRevoke: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke", abstract: "Revoke a key (the service refuses it within seconds).")

  @Argument(help: "The key, or its prefix as `keys list` shows it (when no other key has it).")
  var key: String

  @OptionGroup var folder: DataFolderOption

  func run() async throws {
    let store = try await folder.store()
    _ = try await store.revokeKey(hash: try await store.keyHash(named: key))
    print("revoked \(key)")
  }
}
