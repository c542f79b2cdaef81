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
    return lines.joined(separator: "\n")
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
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    do {
      return String(decoding: try encoder.encode(self), as: UTF8.self)
    } catch {
      throw FingerpostError(.invalidValue, "the report cannot be encoded (\(error))")
    }
  }
}
