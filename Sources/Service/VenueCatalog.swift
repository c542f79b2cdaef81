import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import IMDF
import Store
import Synchronization
import Workflows

/// The venues the service answers for, loaded: floor plans and the newest radio map of each,
/// and which venues' maps know each BSSID. Requests read a snapshot without waiting; a map
/// build or venue upload (here or, over a shared store, on another instance) swaps one venue in.
public final class VenueCatalog: Sendable {
  /// One venue, ready to locate against: an IMDF venue with its floor plans, or a map-only
  /// venue (a radio map uploaded without IMDF, such as a dataset's).
  public struct Entry: Sendable {
    /// The venue's id.
    public let id: String
    /// The venue's name.
    public let name: String
    /// The IMDF venue; nil for a map-only venue.
    public let venue: Venue?
    /// Its floor plans; nil for a map-only venue.
    public let plans: FloorPlanSet?
    /// Single-scan locate against its newest map, when one was built.
    public let locate: Locate?
    /// The newest map's record, when one was built.
    public let mapRecord: StoredRadioMap?
    /// When the venue was uploaded (as the store has it).
    public let updated: Date
    /// For a map-only venue with a map, the venue drawn from its map for tracking, or why none
    /// could be drawn.
    public let drawn: Result<DrawnVenue, FingerpostError>?

    /// The newest map, when one was built.
    public var map: RadioMap? { locate?.map }

    /// The position (metres in the venue's or map's frame) of WGS84 coordinate `c`, when the
    /// venue has a geographic frame.
    public func point(for c: GeoCoordinate) -> Point? {
      if let plans { return plans.frame.point(for: c) }
      return map?.mapFrame.point(for: c)
    }
  }

  struct Snapshot {
    var entries: [String: Entry] = [:]
    /// BSSID → ids of the venues whose map holds it.
    var venuesHearing: [String: [String]] = [:]
  }

  let snapshot = Mutex(Snapshot())

  /// An empty catalog.
  public init() {}

  /// The venue `id`, if loaded.
  public func entry(_ id: String) -> Entry? { snapshot.withLock { $0.entries[id] } }

  /// Loads (or replaces) `stored`, with its newest map `record` read as `map`; the entry.
  @discardableResult
  public func put(_ stored: StoredVenue, map: (record: StoredRadioMap, map: RadioMap)?)
    throws(FingerpostError) -> Entry
  {
    let venue =
      stored.isMapOnly ? nil : try VenueLoader.load(zip: stored.archive, path: "venue \(stored.id)")
    let plans = venue.map { FloorPlanSet(venue: $0) }
    let drawn = map.flatMap { map in
      stored.isMapOnly
        ? Result { () throws(FingerpostError) in try DrawnVenue(map: map.map, name: stored.id) }
        : nil
    }
    let entry = Entry(
      id: stored.id, name: stored.name, venue: venue, plans: plans,
      locate: map.map { Locate(map: $0.map, plans: plans) }, mapRecord: map?.record,
      updated: stored.updated, drawn: drawn)
    snapshot.withLock { state in
      state.entries[stored.id] = entry
      state.venuesHearing = state.venuesHearing.compactMapValues { ids in
        let kept = ids.filter { $0 != stored.id }
        return kept.isEmpty ? nil : kept
      }
      for bssid in map?.map.bssids ?? [] {
        state.venuesHearing[bssid, default: []].append(stored.id)
      }
    }
    return entry
  }

  /// Forgets venue `id`; false when it was not loaded.
  @discardableResult
  public func remove(_ id: String) -> Bool {
    snapshot.withLock { state in
      guard state.entries.removeValue(forKey: id) != nil else { return false }
      state.venuesHearing = state.venuesHearing.compactMapValues { ids in
        let kept = ids.filter { $0 != id }
        return kept.isEmpty ? nil : kept
      }
      return true
    }
  }

  /// The ids of the venues loaded.
  public var ids: [String] { snapshot.withLock { Array($0.entries.keys) } }

  /// The venue whose map knows most of `readings` (at least `minimum` of them), and how many.
  public func venue(hearing readings: [Reading], minimum: Int = 2) -> (Entry, known: Int)? {
    snapshot.withLock { state in
      var known: [String: Int] = [:]
      for reading in readings {
        for id in state.venuesHearing[reading.bssid] ?? [] { known[id, default: 0] += 1 }
      }
      guard let best = known.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
        best.value >= minimum, let entry = state.entries[best.key]
      else { return nil }
      return (entry, best.value)
    }
  }
}

extension VenueCatalog {
  /// How many venues are loaded.
  public var count: Int { snapshot.withLock { $0.entries.count } }
}
