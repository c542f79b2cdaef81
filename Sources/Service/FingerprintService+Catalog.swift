import FingerpostCore
import Fingerprints
import Foundation
import Store

extension FingerprintService {
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
      map = (record, try await maps.radioMap(record))
      // Copies of versions the store no longer keeps (another instance pruned them) go too.
      maps.removeCopies(of: id) { $0 <= record.version - MapFiles.kept }
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
    maps.removeCopies(of: id) { _ in true }
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
