import FingerpostCore
import Foundation
import Geometry

/// Scores fixes against truth the way indoor positioning competitions do: at instants of truth
/// time (2 Hz), with the latest fix at or before each (causal), plus track-quality metrics over
/// the fix records themselves.
public struct Scorer: Sendable {
  /// Scoring instants a second.
  public var rate = 2.0
  /// The percentile convention.
  public var percentiles = PercentileMethod.linear
  /// A fix older than this at an instant, seconds, counts against availability.
  public var maximumFixAge = 2.0
  /// Time to first fix and recovery: the error must stay below this, metres, …
  public var settledError = 3.0
  /// … on the right floor for this long, seconds.
  public var settledTime = 10.0
  /// Fix-to-fix steps faster than this, m/s, are jumps.
  public var jumpSpeed = 3.0
  /// Truth steps faster than this, m/s, are kidnaps (the walker carried off).
  public var teleportSpeed = 10.0

  /// A scorer with the competition defaults.
  public init() {}

  /// The scoring instants: one every `1 / rate` seconds from the first truth record to the last
  /// that has a fix at or before it.
  public func instants(truth: [TruthSample], fixes: [Fix], venue: (any ScoringVenue)? = nil)
    -> [Instant]
  {
    paired(truth: truth, fixes: fixes, venue: venue).map(\.instant)
  }

  /// The instants with the truth and fix behind each, and the count of instants in the truth's
  /// span (with or without a fix).
  func paired(truth: [TruthSample], fixes: [Fix], venue: (any ScoringVenue)?) -> [(
    instant: Instant, truth: TruthSample, fix: Fix
  )] {
    guard let first = truth.first, let last = truth.last else { return [] }
    var result: [(instant: Instant, truth: TruthSample, fix: Fix)] = []
    var ti = 0
    var fi = -1
    let count = Int(((last.t - first.t) * rate + 1e-9).rounded(.down))
    for k in 0...count {
      let t = first.t + Double(k) / rate
      while ti + 1 < truth.count, truth[ti + 1].t <= t + 1e-9 { ti += 1 }
      while fi + 1 < fixes.count, fixes[fi + 1].t <= t + 1e-9 { fi += 1 }
      guard fi >= 0 else { continue }
      let (tr, fx) = (truth[ti], fixes[fi])
      let error = fx.position.distance(to: tr.position)
      var buildingWrong = false
      if let a = tr.building, let b = fx.building { buildingWrong = a != b }
      let unitHit = tr.unitID.map { $0 == fx.unitID }
      var neighbourHit: Bool?
      if let venue, let u = tr.unitID {
        neighbourHit = fx.unitID.map { $0 == u || venue.areNeighbours($0, u) } ?? false
      }
      result.append(
        (
          Instant(
            t: t, error: error, floorError: abs(fx.ordinal - tr.ordinal),
            buildingWrong: buildingWrong, unitHit: unitHit, neighbourHit: neighbourHit,
            fresh: t - fx.t <= maximumFixAge + 1e-9,
            withinAccuracy: fx.accuracy.isFinite ? error <= fx.accuracy : nil), tr, fx
        ))
    }
    return result
  }

  /// The full score. Truth and fixes must be in time order.
  public func score(truth: [TruthSample], fixes: [Fix], venue: (any ScoringVenue)? = nil)
    throws(FingerpostError) -> Score
  {
    guard let firstTruth = truth.first, let lastTruth = truth.last else {
      throw FingerpostError(.noData, "no truth records to score against")
    }
    guard let firstFix = fixes.first, let lastFix = fixes.last else {
      throw FingerpostError(.noData, "no fix records to score")
    }
    guard firstFix.t <= lastTruth.t, lastFix.t >= firstTruth.t - maximumFixAge else {
      throw FingerpostError(
        .mismatch,
        "the fixes (t \(firstFix.t)…\(lastFix.t) s) and the truth "
          + "(t \(firstTruth.t)…\(lastTruth.t) s) do not overlap in time")
    }
    let pairs = paired(truth: truth, fixes: fixes, venue: venue)
    let instants = pairs.map(\.instant)
    let total = Int(((lastTruth.t - firstTruth.t) * rate + 1e-9).rounded(.down)) + 1
    let errors = instants.map(\.error).sorted()
    let n = Double(max(instants.count, 1))
    var bias = Point.zero
    for p in pairs { bias = bias + (p.fix.position - p.truth.position) }
    bias = bias / n
    let track = trackQuality(fixes, venue: venue)
    let checkpointInstants = checkpoints(truth: truth, fixes: fixes)
    return Score(
      instants: instants.count, instantsTotal: total, fixes: fixes.count,
      percentiles: percentiles,
      evaal: percentiles.quantile(instants.map(\.evaalError), 0.75),
      ilc: instants.map(\.ilcError).reduce(0, +) / n,
      mean: errors.reduce(0, +) / n,
      rmse: (errors.reduce(0) { $0 + $1 * $1 } / n).squareRoot(),
      median: percentiles.quantile(sorted: errors, 0.5),
      p75: percentiles.quantile(sorted: errors, 0.75),
      p95: percentiles.quantile(sorted: errors, 0.95),
      max: errors.last ?? .nan, biasEast: bias.x, biasNorth: bias.y,
      floorRate: share(instants) { $0.floorError == 0 } ?? .nan,
      buildingRate: pairs.contains { $0.truth.building != nil && $0.fix.building != nil }
        ? share(instants) { !$0.buildingWrong } : nil,
      unitRate: share(instants.compactMap(\.unitHit)) { $0 },
      neighbourRate: share(instants.compactMap(\.neighbourHit)) { $0 },
      unitFlicker: flicker(pairs),
      walkableShare: track.walkable, wallCrossingsPer100m: track.crossings,
      jumpRate: track.jumps,
      timeToFirstFix: settled(instants, from: firstTruth.t),
      recoveries: kidnaps(truth).map { settled(instants, from: $0) },
      availability: share(instants) { $0.fresh } ?? 0,
      calibration: share(instants.compactMap(\.withinAccuracy)) { $0 },
      floorTransitionDelays: floorDelays(truth: truth, instants: pairs),
      checkpoints: checkpointInstants.count,
      checkpointEvaal: checkpointInstants.isEmpty
        ? nil : percentiles.quantile(checkpointInstants.map(\.evaalError), 0.75),
      checkpointMeanError: checkpointInstants.isEmpty
        ? nil : checkpointInstants.reduce(0) { $0 + $1.error } / Double(checkpointInstants.count))
  }

  /// Each checkpoint of the truth scored against the latest fix at or before it.
  func checkpoints(truth: [TruthSample], fixes: [Fix]) -> [Instant] {
    var result: [Instant] = []
    var fi = -1
    for point in truth where point.checkpoint {
      while fi + 1 < fixes.count, fixes[fi + 1].t <= point.t + 1e-9 { fi += 1 }
      guard fi >= 0 else { continue }
      let fix = fixes[fi]
      var buildingWrong = false
      if let a = point.building, let b = fix.building { buildingWrong = a != b }
      result.append(
        Instant(
          t: point.t, error: fix.position.distance(to: point.position),
          floorError: abs(fix.ordinal - point.ordinal), buildingWrong: buildingWrong,
          unitHit: point.unitID.map { $0 == fix.unitID }, neighbourHit: nil,
          fresh: point.t - fix.t <= maximumFixAge + 1e-9, withinAccuracy: nil))
    }
    return result
  }

  /// The share of `items` passing `test` (nil when there are none).
  func share<T>(_ items: [T], _ test: (T) -> Bool) -> Double? {
    items.isEmpty ? nil : Double(items.count(where: test)) / Double(items.count)
  }

  /// Seconds from `start` until the error stays under `settledError` on the right floor for
  /// `settledTime`, or nil.
  public func settled(_ instants: [Instant], from start: Double) -> Double? {
    var since: Double?
    for i in instants where i.t >= start - 1e-9 {
      if i.error < settledError && i.floorError == 0 {
        let begin = since ?? i.t
        since = begin
        if i.t - begin >= settledTime - 1e-9 { return begin - start }
      } else {
        since = nil
      }
    }
    return nil
  }

  /// Times at which the truth jumps faster than `teleportSpeed`: kidnaps.
  public func kidnaps(_ truth: [TruthSample]) -> [Double] {
    zip(truth, truth.dropFirst()).compactMap { a, b in
      let dt = b.t - a.t
      let d = b.position.distance(to: a.position)
      return dt > 0 && d / dt > teleportSpeed && d > 2 ? b.t : nil
    }
  }

  /// Estimated unit changes ÷ true unit changes over the instants (nil when the truth never
  /// changes unit).
  func flicker(_ pairs: [(instant: Instant, truth: TruthSample, fix: Fix)]) -> Double? {
    var estimated = 0
    var actual = 0
    for (a, b) in zip(pairs, pairs.dropFirst()) {
      if a.fix.unitID != b.fix.unitID { estimated += 1 }
      if a.truth.unitID != b.truth.unitID { actual += 1 }
    }
    return actual > 0 ? Double(estimated) / Double(actual) : nil
  }

  /// Per true floor change: seconds until an instant shows the estimate on the new floor, or nil
  /// when it never does before the next change.
  func floorDelays(
    truth: [TruthSample], instants: [(instant: Instant, truth: TruthSample, fix: Fix)]
  ) -> [Double?] {
    let changes = zip(truth, truth.dropFirst()).compactMap { a, b in
      a.ordinal != b.ordinal ? (t: b.t, ordinal: b.ordinal) : nil
    }
    return changes.enumerated().map { k, change in
      let end = k + 1 < changes.count ? changes[k + 1].t : .infinity
      return instants.first {
        $0.instant.t >= change.t - 1e-9 && $0.instant.t < end && $0.fix.ordinal == change.ordinal
      }
      .map { $0.instant.t - change.t }
    }
  }

  /// Walkable share, wall crossings per 100 m and jump rate of the fix track itself.
  func trackQuality(_ fixes: [Fix], venue: (any ScoringVenue)?) -> (
    walkable: Double?, crossings: Double?, jumps: Double
  ) {
    var jumps = 0
    var steps = 0
    var length = 0.0
    var crossings = 0
    for (a, b) in zip(fixes, fixes.dropFirst()) {
      let dt = b.t - a.t
      let d = b.position.distance(to: a.position)
      if dt > 0 {
        steps += 1
        if d / dt > jumpSpeed { jumps += 1 }
      }
      guard a.ordinal == b.ordinal else { continue }
      length += d
      if let venue, d > 0, venue.crossesWall(ordinal: a.ordinal, from: a.position, to: b.position) {
        crossings += 1
      }
    }
    let walkable = venue.map { v in
      Double(fixes.count { v.isWalkable(ordinal: $0.ordinal, $0.position) }) / Double(fixes.count)
    }
    return (
      walkable, venue == nil ? nil : (length > 0 ? Double(crossings) / (length / 100) : 0),
      steps > 0 ? Double(jumps) / Double(steps) : 0
    )
  }
}
