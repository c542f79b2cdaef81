import FingerpostCore
import Foundation
import Geometry

extension Scoreboard {
  /// Reads a scoreboard, refusing another format or an older version with a message naming it.
  public static func read(_ data: Data, file: String) throws(FingerpostError) -> Scoreboard {
    struct Header: Decodable {
      var format: String?
      var version: Int?
    }
    let decoder = JSONDecoder()
    guard let header = try? decoder.decode(Header.self, from: data) else {
      throw FingerpostError(.malformed, file: file, "not a JSON scoreboard")
    }
    guard header.format == formatName, header.version == currentVersion else {
      throw FingerpostError(
        .unsupportedVersion, file: file,
        "a scoreboard of format \(header.format ?? "(none)") version "
          + "\(header.version.map(String.init) ?? "(none)"); this fingerpost reads "
          + "\(formatName) version \(currentVersion). Write a new one with "
          + "`fingerpost suite Scenarios --json \(file)`.")
    }
    do {
      return try decoder.decode(Scoreboard.self, from: data)
    } catch {
      throw FingerpostError(.malformed, file: file, "\(error)")
    }
  }

  /// Pretty-printed JSON with sorted keys, stable for checking in.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }

  /// The table's header and one line of cells per row.
  var cells: (header: [String], lines: [[String]]) {
    let header = ["scenario", "localizer", "EvAAL", "ILC", "p75", "floor", "unit"]
    let lines = rows.map { row -> [String] in
      [row.scenario, row.localizer]
        + Headline.allCases.map { h in
          guard let v = row.metrics[h.rawValue] else { return "–" }
          return h.higherIsBetter
            ? "\((v.value * 100).formatted(decimals: 1)) % [\((v.low * 100).formatted(decimals: 1)), \((v.high * 100).formatted(decimals: 1))]"
            : "\(v.value.formatted(decimals: 2)) [\(v.low.formatted(decimals: 2)), \(v.high.formatted(decimals: 2))]"
        }
    }
    return (header, lines)
  }

  /// An aligned table for people: each metric with its 95 % interval in brackets (metres, %).
  public var table: String {
    let (header, lines) = cells
    let widths = header.indices.map { c in ([header] + lines).map { $0[c].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { c, text in
        c < 2
          ? text.padding(toLength: widths[c], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[c] - text.count) + text
      }.joined(separator: "  ")
    }
    return ([line(header)] + lines.map(line)).joined(separator: "\n")
  }

  /// A Markdown table.
  public var markdown: String {
    let (header, lines) = cells
    return ([header, Array(repeating: "---", count: header.count)] + lines)
      .map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
  }
}
