import DequeModule
import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Localization
import Workflows

/// One fix of a session's stream: its sequence number (1, 2, …) and its event-stream line.
public struct SessionFix: Sendable, Hashable {
  /// The fix's place in the session's stream, from 1.
  public var sequence: Int
  /// The `fix` record, one JSON line.
  public var line: String
}

/// A live tracking session: its filter (a `TrackingSession`, which only this actor touches),
/// the recent fixes, and the readers following them. A slow reader never holds the filter up:
/// each has a bounded buffer whose oldest fixes are dropped, and counted.
public actor LiveSession {
  /// The session's id.
  public nonisolated let id: String
  /// The venue it tracks in.
  public nonisolated let venue: String
  /// The device it tracks, as the client named it.
  public nonisolated let device: String?
  /// The venue frame's WGS84 origin, for the stream's `meta` record.
  public nonisolated let origin: GeoCoordinate?
  /// When it was opened.
  public nonisolated let created: Date
  /// The seed of its filter.
  public nonisolated let seed: UInt64
  /// Particles of its filter.
  public nonisolated let particles: Int
  /// When it last took events (or was opened).
  public private(set) var lastActive: Date
  /// Fixes readers lost because they read too slowly.
  public internal(set) var dropped = 0
  /// Fixes kept for readers that join late or resume (`Last-Event-ID`).
  public static let historyLimit = 256
  /// Fixes a reader may fall behind by before its oldest are dropped.
  public static let readerBuffer = 64
  let tracking: TrackingSession
  /// For a map-only venue, the venue drawn from its map: fixes are given in the map's terms.
  let drawn: DrawnVenue?
  var history: Deque<SessionFix> = []
  var sequence = 0
  var batches = 0
  var readers: [UUID: AsyncStream<SessionFix>.Continuation] = [:]
  var ended = false
  /// The batch whose snapshot the session was opened again from, if it was.
  public internal(set) var restoredFrom: Int?

  /// Opens a session on `plans` with `map`, its filter (with `settings`) seeded from `seed`; on
  /// a map-only venue, `plans` and `map` are `drawn`'s, and fixes are given in the map's terms.
  public init(
    id: String, venue: String, device: String?, plans: FloorPlanSet, map: RadioMap, seed: UInt64,
    start: Route.Waypoint?, settings: ParticleFilterSettings, drawn: DrawnVenue? = nil,
    created: Date = Date()
  ) throws(FingerpostError) {
    self.id = id
    self.venue = venue
    self.device = device
    self.seed = seed
    particles = settings.particles
    origin = drawn.map(\.fixOrigin) ?? plans.frame.origin
    self.drawn = drawn
    self.created = created
    lastActive = created
    tracking = try TrackingSession(
      plans: plans, map: map, seed: seed, start: start, settings: settings)
  }

  /// Steps and scans processed so far.
  public var processed: Int { tracking.processed }
  /// The newest event time processed, seconds.
  public var lastTime: Double? { tracking.lastTime }
  /// The sequence number of the newest fix (0 before any).
  public var newestSequence: Int { sequence }

  /// Processes a batch (event-stream NDJSON) while `wanted()` holds (its sender is still
  /// there) and returns how many events it held, the fix after it (which readers receive too),
  /// and the batch's place among those the session accepted (0, 1, …: replaying the batches in
  /// that order gives the same fixes). Throws `AbandonedBatch` when it stopped early: the
  /// session then holds part of a batch, and must be ended and opened again from the store.
  public func post(_ body: Data, while wanted: @Sendable () -> Bool = { true }) throws -> (
    events: Int, fix: SessionFix?, batch: Int
  ) {
    let events = try tracking.events(ndjson: body, source: "request body")
    let made = try tracking.process(events, while: wanted)
    lastActive = Date()
    batches += 1
    guard let made else { return (events.count, nil, batches - 1) }
    let entry = keep(made)
    for reader in readers.values {
      if case .dropped = reader.yield(entry) { dropped += 1 }
    }
    return (events.count, entry, batches - 1)
  }

  /// Opens the session again from the batches it accepted before (in their order), as the
  /// store kept them: the same fixes, kept for readers as they were.
  public func restore(_ accepted: [Data]) throws {
    for made in try tracking.replay(accepted, source: "session \(id)") {
      batches += 1
      if let made { _ = keep(made) }
    }
    if !accepted.isEmpty { lastActive = Date() }
  }

  /// Adds a fix of the filter to the stream (in the map's terms on a map-only venue) and keeps
  /// it for readers that join late.
  func keep(_ made: Fix) -> SessionFix {
    let fix = drawn?.mapFix(made) ?? made
    sequence += 1
    let entry = SessionFix(sequence: sequence, line: StreamEncoder.line(.fix(fix)))
    history.append(entry)
    if history.count > Self.historyLimit { history.removeFirst() }
    return entry
  }

  /// The fixes after sequence number `after` still kept, then every new one until the session
  /// ends or the reader goes away.
  public func follow(after: Int = 0) -> AsyncStream<SessionFix> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: SessionFix.self, bufferingPolicy: .bufferingNewest(Self.readerBuffer))
    for entry in history where entry.sequence > after {
      if case .dropped = continuation.yield(entry) { dropped += 1 }
    }
    if ended {
      continuation.finish()
      return stream
    }
    let key = UUID()
    readers[key] = continuation
    continuation.onTermination = { _ in Task { await self.forget(key) } }
    return stream
  }

  func forget(_ key: UUID) { readers[key] = nil }

  /// Whether the session has ended (its readers' streams finished).
  public var hasEnded: Bool { ended }

  /// Readers following the session now.
  public var readerCount: Int { readers.count }

  /// Ends the session: every reader's stream finishes.
  public func end() {
    ended = true
    for reader in readers.values { reader.finish() }
    readers = [:]
  }

  /// The stream's first line: a `meta` record naming the venue, the seed and the session.
  public nonisolated var metaLine: String {
    StreamEncoder.line(
      .meta(
        Meta(
          venue: venue, seed: seed, generator: "fingerpost serve session \(id)", origin: origin)))
  }
}
