import FingerpostCore
import Foundation
import Scoring

extension AssessmentReport {
  /// The report for people: the scoreboard, then the walks, worst first.
  public var text: String {
    var lines = [
      "\(venue): \(accessPoints) APs, a survey of \(surveyScans) scans, \(walks.count) random walks "
        + "(the filter not told the start); 95 % intervals by block bootstrap",
      "",
      scoreboard.table,
      "",
      "walks, worst first (particle filter):",
    ]
    let header = [
      "walk", "seed", "length s", "EvAAL m", "longest >10 m s", "worst m", "at s", "where",
    ]
    var rows = [header]
    for w in walks {
      rows.append([
        String(w.walk), String(w.seed), w.seconds.formatted(decimals: 0),
        w.evaal.formatted(decimals: 2), w.longestAbove10m.formatted(decimals: 1),
        w.worstError.formatted(decimals: 1), w.worstTime.formatted(decimals: 1), w.worstPlace,
      ])
    }
    let widths = header.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    for row in rows {
      lines.append(
        "  "
          + row.enumerated().map { c, cell in
            c == row.count - 1
              ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
          }.joined(separator: "  "))
    }
    return lines.joined(separator: "\n")
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
