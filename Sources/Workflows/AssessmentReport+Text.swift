import FingerpostCore
import Foundation
import Scoring

extension AssessmentReport {
  /// The report for people: the scoreboard, then the walks, worst first.
  public var text: String {
    var lines = [
      "\(venue): \(accessPoints) APs, a survey of \(surveyScans) scans, \(walks.count) random walks "
        + "and \(kidnaps.count) with a kidnap (the filter not told the start); "
        + "95 % intervals by block bootstrap",
      "",
      scoreboard.table,
      "",
      "time to first fix (error under 3 m on the right floor for 10 s): "
        + Self.describe(timeToFirstFix, of: "walks"),
    ]
    if !notWalked.isEmpty {
      let shown = notWalked.prefix(8).joined(separator: ", ")
      lines.append(
        "not walked: \(notWalked.count) unit(s) that no door, portal or connector joins to "
          + "enough others for a walk: \(shown)\(notWalked.count > 8 ? ", …" : "")")
    }
    if !kidnaps.isEmpty {
      lines.append(
        "recovery after a kidnap (the walker carried elsewhere 30–60 s in; the same test): "
          + Self.describe(recovery, of: "kidnaps"))
    }
    lines += ["", "walks, worst first (particle filter):"]
    var rows = [
      [
        "walk", "seed", "length s", "EvAAL m", "first fix s", "longest >10 m s", "worst m",
        "at s", "where",
      ]
    ]
    for w in walks {
      rows.append([
        String(w.walk), String(w.seed), w.seconds.formatted(decimals: 0),
        w.evaal.formatted(decimals: 2),
        w.timeToFirstFix.map { $0.formatted(decimals: 1) } ?? "never",
        w.longestAbove10m.formatted(decimals: 1), w.worstError.formatted(decimals: 1),
        w.worstTime.formatted(decimals: 1), w.worstPlace,
      ])
    }
    lines += Self.table(rows)
    if !kidnaps.isEmpty {
      lines += ["", "kidnaps (particle filter):"]
      rows = [["walk", "seed", "at s", "carried m", "recovered after s", "carried to"]]
      for k in kidnaps {
        rows.append([
          String(k.walk), String(k.seed), k.at.formatted(decimals: 1),
          k.distance.formatted(decimals: 0),
          k.recovery.map { $0.formatted(decimals: 1) } ?? "never",
          k.place,
        ])
      }
      lines += Self.table(rows)
    }
    lines += whyLines
    return lines.joined(separator: "\n")
  }

  /// Why: the units walked where the filter did worst, beside what the radio map says of them,
  /// and how well the map's expected error explains the measured one.
  var whyLines: [String] {
    let walked = units.filter { $0.seconds >= Explanation.minimumSeconds && $0.error != nil }
    guard !walked.isEmpty else { return [] }
    func m(_ value: Double?) -> String { value.map { $0.formatted(decimals: 1) } ?? "—" }
    func percent(_ value: Double?) -> String {
      value.map { ($0 * 100).formatted(decimals: 0) + " %" } ?? "—"
    }
    var lines = [
      "",
      "why: the units where the filter did worst (walked ≥ "
        + "\(Explanation.minimumSeconds.formatted(decimals: 0)) s), beside the radio map's "
        + "expected error of one scan (Cramér–Rao bound), APs heard and survey distance:",
    ]
    var rows = [
      [
        "unit", "level", "category", "walked s", "pf m", "floor", "fingerprint m", "expected m",
        "APs heard", "survey m",
      ]
    ]
    for u in walked.sorted(by: { $0.error! > $1.error! }).prefix(8) {
      rows.append([
        u.name, String(u.ordinal), u.category, u.seconds.formatted(decimals: 0), m(u.error),
        percent(u.floorHit), m(u.fingerprintError), m(u.expectedError), m(u.heard),
        m(u.surveyDistance),
      ])
    }
    lines += Self.table(rows)
    let e = explanation
    lines.append(
      "over \(e.units) units, the fingerprint baseline's RMS error is "
        + (e.ratio.map { "\($0.formatted(decimals: 1))×" } ?? "—")
        + " the expected (median); rank correlation "
        + (e.correlation.map { $0.formatted(decimals: 2) } ?? "—"))
    return lines
  }

  /// "median 6.5 s, 90 % 12.0 s; 18 of 20 walks within 10 s; never: 0".
  static func describe(_ times: Times, of things: String) -> String {
    guard times.count > 0 else { return "no \(things)" }
    func s(_ value: Double?) -> String { value.map { "\($0.formatted(decimals: 1)) s" } ?? "never" }
    let within = Int((times.withinTarget * Double(times.count)).rounded())
    return "median \(s(times.median)), 90 % \(s(times.p90)); \(within) of \(times.count) \(things) "
      + "within \(times.target.formatted(decimals: 0)) s; never: \(times.never)"
  }

  /// Rows as columns padded to their widest cell (the last left ragged), indented.
  static func table(_ rows: [[String]]) -> [String] {
    guard let header = rows.first else { return [] }
    let widths = header.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    return rows.map { row in
      "  "
        + row.enumerated().map { c, cell in
          c == row.count - 1
            ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
    }
  }

  /// The report for programs: JSON with sorted keys.
  public func json() throws(FingerpostError) -> String {
    try prettyJSON(self, what: "the report")
  }
}

/// `value` as indented JSON with sorted keys; `what` names it in the error.
func prettyJSON(_ value: some Encodable, what: String) throws(FingerpostError) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
  do {
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  } catch {
    throw FingerpostError(.invalidValue, "\(what) cannot be encoded (\(error))")
  }
}
