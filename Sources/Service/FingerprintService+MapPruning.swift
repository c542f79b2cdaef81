import Foundation
import Store

// Every build and upload adds a map version, with its file kept in the store and copied into
// each instance's data folder: without pruning, a venue rebuilt every hour grows both for ever.

extension FingerprintService {
  /// Map versions kept per venue (the newest ones), besides those a stored tracking session
  /// still locates with.
  static let mapsKept = 3

  /// Removes venue `venue`'s maps older than the newest `mapsKept` (its newest is `newest`) that
  /// no stored session locates with, from the store and from this instance's copies.
  func pruneMaps(venue: String, newest: Int) async {
    do {
      let inUse = try await store.sessions(venue: venue).compactMap {
        try? JSONDecoder().decode(SessionParameters.self, from: Data($0.parameters.utf8))
          .map_version
      }
      let oldestKept = min(newest - Self.mapsKept + 1, inUse.min() ?? .max)
      guard oldestKept > 1 else { return }
      let removed = Set(try await store.removeMaps(venue: venue, before: oldestKept))
      removeMapCopies(of: venue) { removed.contains($0) || $0 < oldestKept }
    } catch {
      logger.warning(
        "old maps could not be removed", metadata: ["venue": "\(venue)", "error": "\(error)"])
    }
  }

  /// Removes this instance's copies of venue `id`'s maps whose version `remove` accepts.
  func removeMapCopies(of id: String, where remove: (Int) -> Bool) {
    let folder = URL(fileURLWithPath: configuration.dataFolder).appendingPathComponent("maps")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names {
      guard let version = Self.mapCopyVersion(name, of: id), remove(version) else { continue }
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  /// The version of the map of venue `id` whose copy file is `name` (`mapCopy`'s names:
  /// `ID-vVERSION[-DIGEST].fpmap`); nil for any other file, another venue's whose id starts
  /// alike included.
  static func mapCopyVersion(_ name: String, of id: String) -> Int? {
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
