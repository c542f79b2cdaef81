import Foundation
import Scoring

extension WalkEvaluationReport {
  /// The report for people: pooled rows, then one row per walk.
  public var text: String {
    format == "ipin" ? checkpointText : instantText
  }

  /// The heading lines: what was done, and what was fitted.
  var preamble: [String] {
    let split =
      folds >= walks.count || folds == 0
      ? "a radio map of the others (leave one walk out)"
      : format == "ipin"
        ? "a radio map of the other paths' walks (leave one path out: \(folds) folds)"
        : "a radio map of the other folds' walks (\(folds) folds)"
    var lines = [
      "\(site): \(walks.count) walks, each localized with \(split), not told the start; "
        + "95 % intervals by block bootstrap",
      "",
    ]
    if !measurement.isEmpty { lines.append("the filter weighs scans by: \(measurement)") }
    if !oracles.isEmpty {
      lines.append(
        "ORACLES (not an honest result): the filter was given " + oracles.joined(separator: ", "))
    }
    if let fitted = calibrationSummary { lines.append(fitted) }
    return lines
  }

  /// A value with its 95 % interval, in metres or (`percent`) as a percentage.
  private func value(_ v: Value, percent: Bool = false) -> String {
    percent
      ? String(format: "%5.1f %% [%.1f, %.1f]", 100 * v.value, 100 * v.low, 100 * v.high)
      : String(format: "%5.2f [%.2f, %.2f]", v.value, v.low, v.high)
  }

  /// An IPIN site's report: scored at the landmarks, as the competition does.
  var checkpointText: String {
    var lines = preamble
    let checkpoints = pooled.first?.checkpoints ?? 0
    lines += [
      "",
      "at the \(checkpoints) landmarks (IPIN score: p75 of error + 15 m x floors missed):",
      "localizer    IPIN score m           floor                  p75 m (2 Hz)           mean m (2 Hz)",
    ]
    for row in pooled {
      let cells = [value(row.ipin), value(row.checkpointFloor, percent: true), value(row.p75)]
      lines.append(
        row.localizer.padding(toLength: 13, withPad: " ", startingAt: 0)
          + cells.map { $0.padding(toLength: 23, withPad: " ", startingAt: 0) }.joined()
          + value(row.mean))
    }
    let changes = walks.flatMap { $0.floorDelays["pf"] ?? [] }
    if !changes.isEmpty {
      let found = changes.compactMap { $0 }.sorted()
      lines.append(
        "floor changes: \(changes.count), the filter followed \(found.count)"
          + (found.isEmpty
            ? ""
            : String(
              format: " (delay median %.1f s, worst %.1f s)", found[found.count / 2],
              found[found.count - 1])))
    }
    lines += [
      "",
      "walks (the particle filter at the landmarks, and the IPIN score of the others):",
      "  walk                                        floor  seconds  map scans  pf IPIN m  pf floor  fingerprint IPIN m  knn IPIN m",
    ]
    for walk in walks {
      let pf = walk.checkpoints["pf"] ?? []
      let fp = walk.checkpoints["fingerprint"] ?? []
      let knn = walk.checkpoints[Self.knn] ?? []
      let name = "  " + walk.name.padding(toLength: 43, withPad: " ", startingAt: 0)
      guard !pf.isEmpty, !fp.isEmpty, !knn.isEmpty else {
        lines.append(
          name
            + String(
              format: "%6d  %7.0f  %9d  no fix to score", walk.ordinal, walk.seconds, walk.mapScans)
        )
        continue
      }
      lines.append(
        name
          + String(
            format: "%6d  %7.0f  %9d  %9.2f  %6.1f %%  %18.2f  %10.2f", walk.ordinal,
            walk.seconds, walk.mapScans, Metric.ipin.value(pf), 100 * Metric.floor.value(pf),
            Metric.ipin.value(fp), Metric.ipin.value(knn)))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// An ILC site's report: scored at 2 Hz of truth time.
  var instantText: String {
    var lines = preamble
    lines += [
      "",
      "localizer    mean m                 p75 m                  floor                  ILC score m",
    ]
    for row in pooled {
      let cells = [value(row.mean), value(row.p75), value(row.floor, percent: true)]
      lines.append(
        row.localizer.padding(toLength: 13, withPad: " ", startingAt: 0)
          + cells.map { $0.padding(toLength: 23, withPad: " ", startingAt: 0) }.joined()
          + value(row.ilc))
    }
    lines += [
      "",
      "walks (mean and p75 error of the particle filter, its floor hit, and the mean of the others):",
      "  walk                      ordinal  seconds  map scans  pf mean m  pf p75 m  pf floor  fingerprint mean m  knn mean m",
    ]
    for walk in walks {
      let pf = walk.instants["pf"] ?? []
      let fp = walk.instants["fingerprint"] ?? []
      let knn = walk.instants[Self.knn] ?? []
      let name = "  " + walk.name.padding(toLength: 26, withPad: " ", startingAt: 0)
      guard !pf.isEmpty, !fp.isEmpty, !knn.isEmpty else {
        // A walk too short for a scan and a fix (3 s): nothing was scored, and no NaN printed.
        lines.append(
          name
            + String(
              format: "%7d  %7.0f  %9d  no fix to score", walk.ordinal, walk.seconds,
              walk.mapScans))
        continue
      }
      lines.append(
        name
          + String(
            format: "%7d  %7.0f  %9d  %9.2f  %8.2f  %6.1f %%  %18.2f  %10.2f", walk.ordinal,
            walk.seconds, walk.mapScans, Metric.mean.value(pf), Metric.p75.value(pf),
            100 * Metric.floor.value(pf), Metric.mean.value(fp), Metric.mean.value(knn)))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What was fitted to the training folds, as medians over the folds (nil when nothing was).
  var calibrationSummary: String? {
    guard !calibrations.isEmpty else { return nil }
    func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return sorted[sorted.count / 2]
    }
    let c = calibrations
    /// "; TITLE: key weight, …" with each key's median log weight, or "" when all are 0.
    func weights<Key: Comparable & CustomStringConvertible>(
      _ title: String, keys: Set<Key>, empty: Bool, weight: (WalkCalibration, Key) -> Double
    ) -> String {
      guard !empty else { return "" }
      return "; \(title): "
        + keys.sorted().map { key in
          String(format: "%@ %.2f", key.description, median(c.map { weight($0, key) }))
        }.joined(separator: ", ")
    }
    let places = weights(
      "walkers' places, log weight a square metre",
      keys: Set(c.flatMap(\.places.logWeight.keys)), empty: c.allSatisfy(\.places.isEmpty)
    ) { $0.places.logWeight(of: $1) }
    let floors = weights(
      "walkers' floors, log weight", keys: Set(c.flatMap(\.floors.logWeight.keys)),
      empty: c.allSatisfy(\.floors.isEmpty)
    ) { $0.floors.logWeight(ofOrdinal: $1) }
    let references = c.compactMap(\.pressure)
    let pressure =
      references.isEmpty
      ? ""
      : String(
        format: "; barometers at the landmarks (%d of %d folds): walks apart by %.2f hPa, "
          + "and %.2f hPa more an hour",
        references.count, c.count, median(references.map(\.noise)),
        median(references.map { $0.drift * 3600 }))
    return String(
      format: "fitted to the training folds (median of %d): step scale %.3f (walk-to-walk spread "
        + "%.3f), scan lag %.2f s (kNN along-track error %+.2f m at it, %+.2f m at none), "
        + "nearest-points field temperature %.3f, kernel %.1f m, floor changes %.4f a step",
      c.count, median(c.map(\.stepScale)), median(c.map(\.stepScaleSpread)),
      median(c.map(\.scanLag)), median(c.map(\.alongTrack.fitted)),
      median(c.map(\.alongTrack.unlagged)), median(c.map(\.neighbours.temperature)),
      median(c.map(\.neighbours.kernel)), median(c.map(\.floorChangesPerStep))) + places + floors
      + pressure
  }

  /// The report for programs.
  public func json() throws -> String {
    struct WalkRow: Codable {
      var name: String
      var ordinal: Int
      var seconds: Double
      var mapScans: Int
      var metrics: [String: [String: Double]]
    }
    struct Document: Codable {
      var site: String
      var folds: Int
      var measurement: String
      var measurementChoices: [WalkEvaluation.MeasurementChoice]
      var oracles: [String]
      var calibrations: [WalkCalibration]
      var pooled: [Pooled]
      var walks: [WalkRow]
    }
    let rows = walks.map { walk in
      WalkRow(
        name: walk.name, ordinal: walk.ordinal, seconds: walk.seconds, mapScans: walk.mapScans,
        metrics: walk.instants.mapValues { instants in
          // A metric of no instants (a walk too short to score) is left out, not written NaN.
          Dictionary(
            uniqueKeysWithValues: Metric.allCases.compactMap { metric in
              let value = metric.value(instants)
              return value.isNaN ? nil : (metric.rawValue, value)
            })
        })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(
      decoding: try encoder.encode(
        Document(
          site: site, folds: folds, measurement: measurement,
          measurementChoices: measurementChoices, oracles: oracles,
          calibrations: calibrations, pooled: pooled, walks: rows)),
      as: UTF8.self)
  }
}
