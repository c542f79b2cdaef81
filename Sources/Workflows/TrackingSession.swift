import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Localization
import Replay
import Simulation

/// A live tracking session's localizer: the particle filter `replay` runs, fed batches of steps
/// and scans as a phone sends them while it walks. Not `Sendable` (it owns the filter and its
/// generator); the same batches in the same order with the same seed give the same fixes.
public final class TrackingSession {
  /// The seed of the session's generator (the filter draws from the stream of it that
  /// `replay`'s does).
  public let seed: UInt64
  /// The filter, fed as `replay` feeds it.
  var feed: WalkFeed
  /// The newest event time processed, seconds; nil before the first.
  public var lastTime: Double? { feed.lastTime }
  /// The time of the newest step, for steps given as a speed.
  var previousStep: Double?
  /// Steps and scans processed.
  public var processed: Int { feed.fed }
  /// The most events one batch may hold (a phone sends a few a second).
  public static let batchLimit = 10_000
  /// The longest an event may come after the one before it (or after the session's newest),
  /// seconds: one at t = 1e300 would otherwise leave every later batch stale.
  public static let gapLimit = Walk.gapLimit

  /// A session on `plans` with `map`, its filter seeded from `seed`, starting around `start`
  /// when given (else wherever the first scans say).
  public init(
    plans: FloorPlanSet, map: RadioMap, seed: UInt64, start: Route.Waypoint?,
    settings: ParticleFilterSettings = ParticleFilterSettings()
  ) throws(FingerpostError) {
    self.seed = seed
    feed = WalkFeed(
      localizer: try ParticleFilter(
        plans: plans, map: map, settings: settings, seed: seed, start: start))
  }

  /// The step, scan and pressure records of an event-stream batch (NDJSON; `meta` lines are ignored),
  /// named `source` in errors. Any other record, or a line that does not parse, refuses the
  /// batch naming the line.
  public func events(ndjson data: Data, source: String) throws(FingerpostError) -> [StreamRecord] {
    let records = try StreamDecoder.records(in: data, previousStep: previousStep) {
      error throws(FingerpostError) in throw error.inFile(source)
    }
    var events: [StreamRecord] = []
    var newest = lastTime
    for (number, record) in records {
      switch record {
      case .meta: continue
      case .step, .scan, .pressure: events.append(record)
      default:
        throw FingerpostError(
          .invalidValue, file: source, line: number, field: "type",
          "a session takes step, scan and pressure records, not \(record.type)")
      }
      guard events.count <= Self.batchLimit else {
        throw FingerpostError(
          .invalidValue, file: source, line: number,
          "a batch holds at most \(Self.batchLimit) events: send them in several")
      }
      if let t = record.time {
        guard abs(t) <= SurveyRecord.timeLimit, t <= (newest ?? t) + Self.gapLimit else {
          throw FingerpostError(
            .invalidValue, file: source, line: number, field: "t",
            "\(t) s is out of range (|t| ≤ 1e10 s, at most a day after the event before it)")
        }
        newest = max(newest ?? t, t)
      }
    }
    return events
  }

  /// Processes a batch in time order (sorted, ties kept in the order sent) and returns the fix
  /// at its newest time. A batch reaching back before the newest time already processed is
  /// refused whole, naming that time.
  public func process(_ batch: [StreamRecord]) throws(StaleEvents) -> Fix? {
    try run(batch, while: { true }).fix
  }

  /// Processes a batch as `process(_:)` does while `wanted()` holds (asked before every
  /// `checkInterval` events); throws `AbandonedBatch` when it stopped early, after which the
  /// session holds part of the batch and must be opened again from the batches it kept.
  public func process(_ batch: [StreamRecord], while wanted: () -> Bool) throws -> Fix? {
    let outcome = try run(batch, while: wanted)
    guard outcome.complete else { throw AbandonedBatch(processed: outcome.processed) }
    return outcome.fix
  }

  /// Takes again, in order, the batches (event-stream NDJSON) a session took before, as a
  /// restarted service reopens it: the fix after each (nil where there was none yet), the same
  /// as they were. `source` names the session in errors.
  public func replay(_ batches: [Data], source: String) throws -> [Fix?] {
    try batches.enumerated().map { index, batch in
      try process(try events(ndjson: batch, source: "\(source), batch \(index)"))
    }
  }

  /// Events processed between two asks whether a batch is still wanted.
  public static let checkInterval = 64

  func run(_ batch: [StreamRecord], while wanted: () -> Bool) throws(StaleEvents) -> (
    fix: Fix?, complete: Bool, processed: Int
  ) {
    let sorted = WalkFeed.ordered(batch)
    if let last = lastTime, let first = sorted.first, first.t < last {
      throw StaleEvents(first: first.t, last: last)
    }
    for (index, (_, event)) in sorted.enumerated() {
      if index % Self.checkInterval == 0, !wanted() { return (nil, false, index) }
      feed.feed(event)
      if case .step(let step) = event { previousStep = step.t }
    }
    return (lastTime.flatMap { feed.localizer.fix(at: $0) }, true, sorted.count)
  }
}

/// A batch whose sender went away before it was processed: the session stopped part-way.
public struct AbandonedBatch: Error, Sendable, Equatable, CustomStringConvertible {
  /// Events of the batch processed before it stopped.
  public var processed: Int

  /// A batch stopped after `processed` of its events.
  public init(processed: Int) { self.processed = processed }

  public var description: String {
    "the batch's sender went away after \(processed) of its events were processed"
  }
}

/// A batch refused because it reaches back before what a session already processed.
public struct StaleEvents: Error, Sendable, CustomStringConvertible {
  /// The batch's oldest event time, seconds.
  public var first: Double
  /// The newest time the session processed, seconds.
  public var last: Double

  public var description: String {
    "an event at t = \(first) s is older than the newest processed (t = \(last) s)"
  }
}
