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

  func store() async throws -> any FingerprintStore {
    try await FingerprintService.openStore(dataFolder: data, database: database)
  }
}

struct KeysAdd: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a key and print it.")

  @Argument(help: "A name for the key.")
  var name: String

  @Option(help: "The key itself (default: 32 random hexadecimal digits).")
  var key: String?

  @Flag(help: "The key may not locate.")
  var noLocate = false

  @Option(help: "A venue id the key may write (upload, survey, build); * for every venue.")
  var write: [String] = []

  @Option(help: "Requests a UTC day (default: no limit).")
  var dailyLimit: Int?

  @OptionGroup var folder: DataFolderOption

  func run() async throws {
    let key = APIKey(
      key: key ?? APIKey.generate(), name: name, allowLocate: !noLocate, writeVenues: write,
      dailyLimit: dailyLimit)
    guard !key.key.isEmpty,
      key.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    else {
      throw FingerpostError(.invalidValue, field: "--key", "a key is letters, digits, - or _")
    }
    let store = try await folder.store()
    if try await store.key(key.key) != nil {
      throw FingerpostError(.invalidValue, field: "--key", "the key \(key.key) exists already")
    }
    try await store.addKey(key)
    print(key.key)
  }
}

struct KeysList: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List the keys.")

  @OptionGroup var folder: DataFolderOption

  func run() async throws {
    let store = try await folder.store()
    let today = utcDay(Date())
    print(
      "key                               name              locate  writes        daily limit  today  revoked"
    )
    for key in try await store.keys() {
      let used = try await store.requests(key: key.key, day: today)
      func column(_ text: String, _ width: Int) -> String {
        text.padding(toLength: width, withPad: " ", startingAt: 0)
      }
      let writes = key.writeVenues.isEmpty ? "–" : key.writeVenues.joined(separator: ",")
      let limit = key.dailyLimit.map(String.init) ?? "–"
      var row = column(key.key, 34) + column(key.name, 18)
      row += column(key.allowLocate ? "yes" : "no", 8) + column(writes, 14)
      row += column(limit, 13) + column(String(used), 7) + (key.revoked ? "yes" : "no")
      print(row)
    }
  }
}

struct KeysRevoke: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke", abstract: "Revoke a key (the service refuses it within seconds).")

  @Argument(help: "The key.")
  var key: String

  @OptionGroup var folder: DataFolderOption

  func run() async throws {
    guard try await folder.store().revokeKey(key) else {
      throw FingerpostError(.notFound, field: "key", "no key \(key)")
    }
    print("revoked \(key)")
  }
}
