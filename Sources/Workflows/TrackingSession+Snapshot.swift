import FingerpostCore
import Localization
import Replay

extension TrackingSession {
  /// A session's state between two batches: its filter's (`ParticleFilter.Snapshot`), what its
  /// feed counted and the time of its newest step. A session opened with the same plans, map,
  /// seed, start and settings that restores it answers the batches after it as the session it
  /// was taken from would, without replaying the batches before it.
  public struct Snapshot: Sendable {
    /// The filter's state.
    public var filter: ParticleFilter.Snapshot
    /// What the feed counted.
    public var counts: WalkFeed.Counts
    /// The newest step's time, for steps given as a speed, seconds.
    public var previousStep: Double?
  }

  /// The session's state now.
  public func snapshot() -> Snapshot? {
    guard let filter = feed.localizer as? ParticleFilter else { return nil }
    return Snapshot(filter: filter.snapshot(), counts: feed.counts, previousStep: previousStep)
  }

  /// Takes up `snapshot`'s state; refused (and nothing changed) when it was taken from a
  /// filter whose generator is of another kind.
  public func restore(_ snapshot: Snapshot) throws(FingerpostError) {
    guard let filter = feed.localizer as? ParticleFilter else {
      throw FingerpostError(.mismatch, "this session's localizer cannot take a filter's state")
    }
    do {
      try filter.restore(snapshot.filter)
    } catch {
      throw FingerpostError(.mismatch, "the snapshot's generator is another kind: \(error)")
    }
    feed.resume(snapshot.counts)
    previousStep = snapshot.previousStep
  }
}
