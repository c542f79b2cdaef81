import FingerpostCore
import Fingerprints
import Foundation
import Store

extension FingerprintService {
  /// This instance's copy of the map file `record` names, in its data folder: named after the
  /// venue, the version and the file's digest, so that a copy of another store's map with the
  /// same version (a data folder used with a new database) is never taken for this one.
  func mapCopy(_ record: StoredRadioMap) -> URL {
    let digest = record.digest.map { "-" + $0.prefix(16) } ?? ""
    return URL(fileURLWithPath: configuration.dataFolder).appendingPathComponent("maps")
      .appendingPathComponent("\(record.venue)-v\(record.version)\(digest).fpmap")
  }

  /// The bytes of the map `record` names. A store of this instance alone (SQLite) keeps the
  /// only copy; with a shared store, this instance's copy, first made (atomically) from the
  /// store's bytes when another instance built the map.
  func mapBytes(_ record: StoredRadioMap) async throws -> Data {
    if !store.isShared,
      let bytes = try await store.mapFile(venue: record.venue, version: record.version)
    {
      return bytes
    }
    let copy = mapCopy(record)
    if !FileManager.default.fileExists(atPath: copy.path) {
      guard let bytes = try await store.mapFile(venue: record.venue, version: record.version)
      else {
        // Built before the store kept map files: only the building instance's file has it.
        return try FileAccess.read(record.path, mapped: true)
      }
      try FileAccess.createDirectory(copy.deletingLastPathComponent().path)
      try FileAccess.write(bytes, to: copy.path)
      return bytes
    }
    return try FileAccess.read(copy.path, mapped: true)
  }

  /// The map `record` names (`mapBytes`).
  func radioMap(_ record: StoredRadioMap) async throws -> RadioMap {
    try RadioMapFile.read(
      try await mapBytes(record), file: "map \(record.venue) v\(record.version)")
  }

  /// Loads (or reloads) venue `id` with its newest map from the store; nil when it is not
  /// stored (then it is forgotten here: another instance deleted it).
  @discardableResult
  func loadVenue(_ id: String) async throws -> VenueCatalog.Entry? {
    guard let stored = try await store.venue(id) else {
      await forgetVenue(id)
      return nil
    }
    var map: (StoredRadioMap, RadioMap)?
    if let record = try await store.newestMap(venue: id) {
      map = (record, try await radioMap(record))
      // Copies of versions the store no longer keeps (another instance pruned them) go too.
      removeMapCopies(of: id) { $0 <= record.version - Self.mapsKept }
    }
    return try catalog.put(stored, map: map)
  }

  /// Reloads every venue whose upload or newest map differs from the one loaded (all of them
  /// at start); how many were reloaded. A venue that cannot be loaded is logged and skipped
  /// unless `strict`.
  @discardableResult
  func syncCatalog(strict: Bool = false) async throws -> Int {
    var loaded = 0
    let listings = try await store.venues()
    for id in Set(catalog.ids).subtracting(listings.map(\.id)) { await forgetVenue(id) }
    for listing in listings {
      if let entry = catalog.entry(listing.id), entry.mapRecord?.version == listing.mapVersion,
        abs(entry.updated.timeIntervalSince(listing.updated)) < 0.001
      {
        continue
      }
      do {
        try await loadVenue(listing.id)
        loaded += 1
      } catch  where !strict {
        logger.error(
          "venue cannot be loaded", metadata: ["venue": "\(listing.id)", "error": "\(error)"])
      }
    }
    return loaded
  }

  /// Forgets venue `id` (deleted from the store): its catalog entry, the sessions held here that
  /// track in it, and this instance's copies of its map files.
  func forgetVenue(_ id: String) async {
    catalog.remove(id)
    for session in sessions.sessions(in: id) { await sessions.end(session) }
    removeMapCopies(of: id) { _ in true }
  }

  /// Takes up the changes other instances make to a shared store until cancelled: venues and
  /// maps they store are loaded, jobs they queue are worked on.
  public func followChanges() async {
    for await change in store.changes() {
      switch change {
      case .venue(let id):
        do {
          try await loadVenue(id)
        } catch {
          logger.error("venue cannot be loaded", metadata: ["venue": "\(id)", "error": "\(error)"])
        }
      case .jobQueued:
        await workJobs()
      case .resync:
        _ = try? await syncCatalog()
        await workJobs()
      }
    }
  }
}
