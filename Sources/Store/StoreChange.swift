/// A change another instance made to a shared store, which this instance should take up.
public enum StoreChange: Sendable, Hashable {
  /// Venue `id` was stored, or got a new radio map.
  case venue(String)
  /// A map build job was queued.
  case jobQueued
  /// Changes may have been missed (the store's connection was lost or just made): compare
  /// everything loaded with the store.
  case resync

  /// The change as a notification's payload, from instance `origin`.
  func payload(origin: String) -> String {
    switch self {
    case .venue(let id): "\(origin)\nvenue\n\(id)"
    case .jobQueued: "\(origin)\njob\n"
    case .resync: "\(origin)\nresync\n"
    }
  }

  /// The change a notification's payload names, or nil for one `origin` made itself (or one
  /// that is not understood).
  init?(payload: String, ignoring origin: String) {
    let parts = payload.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] != origin else { return nil }
    switch parts[1] {
    case "venue": self = .venue(String(parts[2]))
    case "job": self = .jobQueued
    case "resync": self = .resync
    default: return nil
    }
  }
}
