import FingerpostCore
import Fingerprints
import Foundation
import Logging
import Store

/// The venues this instance answers with, kept in step with the store: loaded at start and
/// when they change (here or on another instance sharing the store), forgotten when deleted;
/// their map builds, run as jobs any instance may take.
final class VenueLibrary: Sendable {
  /// What the service keeps.
  let store: any FingerprintStore
  /// The venues and maps loaded.
  let catalog: VenueCatalog
  /// The radio map files: the store's and this instance's copies.
  let maps: MapFiles
  /// The live tracking sessions (a venue forgotten ends its own).
  let sessions: SessionHub
  /// Limits and the data folder.
  let configuration: ServiceConfiguration
  /// This instance's base URL (map build jobs are taken in its name).
  let address: InstanceAddress
  /// Uploaded venues are loaded one at a time (each within `venueLimits`): the memory clients
  /// can make the service use stays bounded.
  let venueLoads = AsyncGate(width: 1)
  let logger: Logger

  /// The library of `store`'s venues, empty until synchronized.
  init(
    store: any FingerprintStore, maps: MapFiles, sessions: SessionHub,
    configuration: ServiceConfiguration, address: InstanceAddress, logger: Logger
  ) {
    self.store = store
    self.maps = maps
    self.sessions = sessions
    self.configuration = configuration
    self.address = address
    self.logger = logger
    catalog = VenueCatalog()
  }

  /// This instance's base URL.
  var instance: String { address.url }

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
  func followChanges() async {
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

  /// The stored survey of `entry` as a survey file: a header naming the venue and its frame
  /// (the floor plans', or a map-only venue's map's), then every scan line in the order it was
  /// appended.
  func surveyText(_ entry: VenueCatalog.Entry) async throws -> String {
    let header = SurveyWriter.line(
      SurveyHeader(
        venue: entry.id, origin: entry.plans?.frame.origin ?? entry.map?.origin,
        source: "fingerpost serve", frame: entry.plans == nil ? entry.map?.frame : nil))
    let lines = try await store.surveyLines(venue: entry.id)
    var text = header + "\n"
    text.reserveCapacity(lines.reduce(text.utf8.count) { $0 + $1.utf8.count + 1 })
    for line in lines { text += line + "\n" }
    return text
  }
}
