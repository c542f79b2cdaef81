import FingerpostCore
import Foundation
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

  /// Takes up `snapshot`'s state; refused (and nothing changed) when it does not fit this
  /// session's filter (`ParticleFilter.restore`).
  public func restore(_ snapshot: Snapshot) throws(FingerpostError) {
    guard let filter = feed.localizer as? ParticleFilter else {
      throw FingerpostError(.mismatch, "this session's localizer cannot take a filter's state")
    }
    try filter.restore(snapshot.filter)
    feed.resume(snapshot.counts)
    previousStep = snapshot.previousStep
  }
}

extension TrackingSession.Snapshot {
  /// The snapshot as bytes, for a store to keep (`init(bytes:file:)` reads them back).
  public var bytes: Data {
    var w = BinaryWriter()
    w.optional(counts.lastTime)
    w.integer(Int64(counts.fed))
    w.integer(Int64(counts.unusableScans))
    w.integer(Int64(counts.unusableSteps))
    w.optional(previousStep)
    w.byteArray([UInt8](filter.bytes))
    return w.data
  }

  /// Reads a snapshot's `bytes`, named `file` in errors; damaged or truncated bytes are a
  /// `malformed` error.
  public init(bytes: Data, file: String) throws(FingerpostError) {
    var r = BinaryReader(bytes, file: file)
    let lastTime = try r.optional()
    var numbers: [Int] = []
    for _ in 0..<3 {
      let value = try r.integer(Int64.self)
      guard value >= 0, value <= Int64(Int32.max) else { throw r.error("a count is damaged") }
      numbers.append(Int(value))
    }
    counts = WalkFeed.Counts(
      lastTime: lastTime, fed: numbers[0], unusableScans: numbers[1], unusableSteps: numbers[2])
    previousStep = try r.optional()
    filter = try ParticleFilter.Snapshot(bytes: Data(try r.byteArray()), file: file)
    guard r.isAtEnd else { throw r.error("bytes after the snapshot's end") }
  }
}
