import FingerpostCore
import Fingerprints
import Foundation
import Store

// Every build and upload adds a map version, with its file kept in the store and copied into
// each instance's data folder: without pruning, a venue rebuilt every hour grows both for ever.

/// The service's radio map files: each version's bytes in the store, and this instance's copies
/// of them in its data folder's `maps` folder.
struct MapFiles: Sendable {
  /// Map versions kept per venue (the newest ones), besides those a stored tracking session
  /// still locates with.
  static let kept = 3

  /// Where the bytes are kept.
  let store: any FingerprintStore
  /// The folder of this instance's copies.
  let folder: URL

  /// The map files of `store`, with copies in `dataFolder`'s `maps` folder.
  init(store: any FingerprintStore, dataFolder: String) {
    self.store = store
    folder = URL(fileURLWithPath: dataFolder).appendingPathComponent("maps")
  }

  /// This instance's copy of the map file `record` names: named after the venue, the version
  /// and the file's digest, so that a copy of another store's map with the same version (a
  /// data folder used with a new database) is never taken for this one.
  func copy(_ record: StoredRadioMap) -> URL {
    let digest = record.digest.map { "-" + $0.prefix(16) } ?? ""
    return folder.appendingPathComponent("\(record.venue)-v\(record.version)\(digest).fpmap")
  }

  /// The bytes of the map `record` names. A store of this instance alone (SQLite) keeps the
  /// only copy; with a shared store, this instance's copy, first made (atomically) from the
  /// store's bytes when another instance built the map.
  func bytes(_ record: StoredRadioMap) async throws -> Data {
    if !store.isShared,
      let bytes = try await store.mapFile(venue: record.venue, version: record.version)
    {
      return bytes
    }
    let copy = copy(record)
    if !FileManager.default.fileExists(atPath: copy.path) {
      guard let bytes = try await store.mapFile(venue: record.venue, version: record.version)
      else {
        // Built before the store kept map files: only the building instance's file has it.
        return try FileAccess.read(record.path, mapped: true)
      }
      try FileAccess.createDirectory(folder.path)
      try FileAccess.write(bytes, to: copy.path)
      return bytes
    }
    return try FileAccess.read(copy.path, mapped: true)
  }

  /// The map `record` names (`bytes`).
  func radioMap(_ record: StoredRadioMap) async throws -> RadioMap {
    try RadioMapFile.read(try await bytes(record), file: "map \(record.venue) v\(record.version)")
  }

  /// Stores `map` as version `version` of venue `venue` (with a copy here when the store is
  /// shared); fails when that version exists.
  func add(_ map: RadioMap, venue: String, scans: Int, version: Int) async throws
    -> StoredRadioMap
  {
    var record = StoredRadioMap(
      venue: venue, version: version, etag: "\"\(venue)-v\(version)\"", path: "", scans: scans,
      built: Date())
    // Written beside the copies first: a copy's name needs the digest of its bytes.
    try FileAccess.createDirectory(folder.path)
    let written = folder.appendingPathComponent(".\(venue)-v\(version)-\(UUID().uuidString).fpmap")
    defer { try? FileManager.default.removeItem(at: written) }
    try RadioMapFile.write(map, to: written)
    let bytes = try FileAccess.read(written.path)
    record.digest = Digest.hex(bytes)
    if store.isShared {
      // Other instances fetch the bytes from the store; this one keeps a copy.
      let file = copy(record)
      try FileAccess.move(written.path, over: file.path)
      record.path = file.path
    }
    try await store.addMap(record, file: bytes)
    return record
  }

  /// Removes venue `venue`'s maps older than the newest `kept` (its newest is `newest`) that no
  /// stored session locates with, from the store and from this instance's copies.
  func prune(venue: String, newest: Int) async throws {
    let inUse = try await store.sessions(venue: venue).compactMap {
      try? SessionParameters(json: $0.parameters).map_version
    }
    let oldestKept = min(newest - Self.kept + 1, inUse.min() ?? .max)
    guard oldestKept > 1 else { return }
    let removed = Set(try await store.removeMaps(venue: venue, before: oldestKept))
    removeCopies(of: venue) { removed.contains($0) || $0 < oldestKept }
  }

  /// Removes this instance's copies of venue `id`'s maps whose version `remove` accepts.
  func removeCopies(of id: String, where remove: (Int) -> Bool) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names {
      guard let version = Self.copyVersion(name, of: id), remove(version) else { continue }
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  /// The version of the map of venue `id` whose copy file is `name` (`copy`'s names:
  /// `ID-vVERSION[-DIGEST].fpmap`); nil for any other file, another venue's whose id starts
  /// alike included.
  static func copyVersion(_ name: String, of id: String) -> Int? {
    guard name.hasPrefix(id + "-v"), name.hasSuffix(".fpmap") else { return nil }
    let rest = name.dropFirst(id.count + 2).dropLast(".fpmap".count)
    let parts = rest.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard let version = parts.first.flatMap({ Int($0) }), parts.first?.first?.isNumber == true
    else { return nil }
    guard parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isHexDigit)) else {
      return nil
    }
    return version
  }
}
