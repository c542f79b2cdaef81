import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Localization
import Motion
import Randomness
import Simulation

/// Feeds a walk's steps and scans to a localizer in time order and streams a fix at every fix
/// time, with a summary of its accuracy against the truth.
public struct Replayer {
  /// The walk replayed.
  public var walk: Walk
  /// The venue's floor plans.
  public let plans: FloorPlanSet
  /// The radio map the localizer weighs scans with.
  public let map: RadioMap
  /// Which localizer runs.
  public var kind: LocalizerKind
  /// The particle filter's settings (its count, resampling, …).
  public var settings = ParticleFilterSettings()
  /// Fixes a second.
  public var fixRate = 2.0
  /// Particles to add to each fix as a thinned cloud (0: none).
  public var cloudSize = 0

  /// A replay of `walk` on `plans` with `map` by the `kind` localizer, default settings.
  public init(walk: Walk, plans: FloorPlanSet, map: RadioMap, kind: LocalizerKind) {
    self.walk = walk
    self.plans = plans
    self.map = map
    self.kind = kind
  }

  /// A fresh localizer of this replay's kind.
  public func makeLocalizer() throws -> any Localizer {
    switch kind {
    case .deadReckoning:
      guard let start = walk.start else {
        throw FingerpostError(
          .missingField, field: "truth",
          "dead reckoning needs a start: the stream has no truth record")
      }
      return DeadReckoningLocalizer(start: start, plans: plans)
    case .fingerprint:
      return FingerprintLocalizer(map: map, plans: plans)
    case .knn:
      return FingerprintLocalizer(map: map, plans: plans, method: .knn)
    case .pf:
      return try ParticleFilter(
        plans: plans, map: map, settings: settings, seed: walk.seed,
        start: walk.startIsKnown ? walk.start : nil)
    }
  }

  /// The stream lines (meta, fixes, truth if asked) and the summary.
  public func run(withTruth: Bool) throws -> (lines: [String], summary: ReplaySummary) {
    var lines: [String] = []
    let summary = try run(withTruth: withTruth) { line, _ in lines.append(line) }
    return (lines, summary)
  }

  /// Streams each line to `emit` with its time (nil for meta), hands each fix to `onFix`, and
  /// returns the summary.
  public func run(
    withTruth: Bool, emit: (String, Double?) -> Void, onFix: (Fix) -> Void = { _ in }
  ) throws -> ReplaySummary {
    var feed = WalkFeed(localizer: try makeLocalizer(), map: map)
    let localizer = feed.localizer
    let events = WalkFeed.ordered(walk.events)
    emit(
      StreamEncoder.line(
        .meta(
          Meta(
            venue: walk.venueName, venuePath: walk.venuePath, seed: walk.seed,
            generator: "fingerpost replay \(kind.rawValue)", origin: plans.frame.origin))), nil)
    var next = 0
    var fixes: [Fix] = []
    let period = 1 / fixRate
    var t = period
    var truthIndex = 0
    while t <= walk.duration + 1e-9 {
      while next < events.count, events[next].t <= t {
        feed.feed(events[next].event)
        next += 1
      }
      localizer.advance(to: t)
      if withTruth {
        while truthIndex < walk.truth.count, walk.truth[truthIndex].t <= t + 1e-9 {
          emit(StreamEncoder.line(.truth(walk.truth[truthIndex])), walk.truth[truthIndex].t)
          truthIndex += 1
        }
      }
      if let fix = localizer.fix(at: t) {
        emit(StreamEncoder.line(.fix(fix)), t)
        if cloudSize > 0, let filter = localizer as? ParticleFilter {
          emit(
            StreamEncoder.line(
              .particles(ParticlesRecord(t: t, points: filter.cloud(count: cloudSize)))), t)
        }
        fixes.append(fix)
        onFix(fix)
      }
      t = ((t + period) * 1000).rounded() / 1000
    }
    var summary = ReplaySummary(localizer: kind.rawValue, fixes: fixes, walk: walk, plans: plans)
    summary.unusableScans = feed.unusableScans
    summary.unusableSteps = feed.unusableSteps
    return summary
  }
}
