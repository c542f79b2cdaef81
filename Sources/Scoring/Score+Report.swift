import Foundation
import Geometry

extension Score {
  /// The report as (metric, value) rows, in the order people read them.
  public var rows: [(metric: String, value: String)] {
    func m(_ v: Double?) -> String { v.map { "\($0.formatted(decimals: 2)) m" } ?? "–" }
    func pct(_ v: Double?) -> String { v.map { "\(($0 * 100).formatted(decimals: 1)) %" } ?? "–" }
    func s(_ v: Double?) -> String { v.map { "\($0.formatted(decimals: 1)) s" } ?? "never" }
    let delays = floorTransitionDelays
    return [
      ("IPIN/EvAAL score (p75 of e + 15·Δfloor + 50·Δbuilding)", m(evaal)),
      ("ILC score (mean of e + 15·Δfloor)", m(ilc)),
      ("error mean / RMSE", "\(m(mean)) / \(m(rmse))"),
      (
        "error median (CEP50) / p75 / p95 / max", "\(m(median)) / \(m(p75)) / \(m(p95)) / \(m(max))"
      ),
      (
        "bias (mean error east, north)",
        "\(biasEast.formatted(decimals: 2)), \(biasNorth.formatted(decimals: 2)) m"
      ),
      ("floor hit rate", pct(floorRate)),
      ("building hit rate", pct(buildingRate)),
      ("unit hit rate", pct(unitRate)),
      ("unit or a neighbour through a door", pct(neighbourRate)),
      (
        "unit flicker (estimated ÷ true unit changes)",
        unitFlicker.map { $0.formatted(decimals: 2) } ?? "–"
      ),
      ("fixes in walkable space", pct(walkableShare)),
      (
        "wall crossings per 100 m of track",
        wallCrossingsPer100m.map { $0.formatted(decimals: 2) } ?? "–"
      ),
      ("jumps (fix-to-fix faster than 3 m/s)", pct(jumpRate)),
      ("time to first fix", s(timeToFirstFix)),
      (
        "recovery after kidnap",
        recoveries.isEmpty ? "no kidnap" : recoveries.map(s).joined(separator: ", ")
      ),
      ("availability", pct(availability)),
      ("calibration (error within accuracy radius)", pct(calibration)),
      (
        "floor-transition delay",
        delays.isEmpty ? "no floor change" : delays.map(s).joined(separator: ", ")
      ),
      (
        "at checkpoints: EvAAL score / mean error",
        checkpoints == 0
          ? "no checkpoints"
          : "\(m(checkpointEvaal)) / \(m(checkpointMeanError)) (\(checkpoints) checkpoints)"
      ),
      (
        "instants scored / in the truth's span",
        "\(instants) / \(instantsTotal) (\(percentiles.rawValue) percentiles)"
      ),
    ]
  }

  /// An aligned two-column table for people.
  public var table: String {
    let width = rows.map(\.metric.count).max() ?? 0
    return rows.map {
      $0.metric.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.value
    }
    .joined(separator: "\n")
  }

  /// A Markdown table.
  public var markdown: String {
    (["| metric | value |", "|---|---|"] + rows.map { "| \($0.metric) | \($0.value) |" })
      .joined(separator: "\n")
  }

  /// Pretty-printed JSON with sorted keys (non-finite numbers as strings).
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
