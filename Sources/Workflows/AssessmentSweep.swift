import FingerpostCore
import Foundation
import Replay
import Scoring

/// What-if: the same venue assessed at several AP densities and survey spacings, one row each
/// (`fingerpost assess VENUE --density 0.3,0.6,1.2`).
public struct AssessmentSweep: Sendable, Codable {
  /// One setting's headline: the filter's pooled scores, time to first fix and recovery, and
  /// the fingerprint baseline's EvAAL.
  public struct Row: Sendable, Codable, Equatable {
    /// APs per 100 m² (nil: a world file).
    public var density: Double?
    /// Metres between the survey's stops.
    public var surveySpacing: Double
    /// APs in the world and scans in the survey.
    public var accessPoints: Int, surveyScans: Int
    /// The filter's pooled EvAAL score (75th percentile, metres) with its 95 % interval.
    public var evaal: Scoreboard.Value?
    /// The filter's floor and unit hit rates (0…1).
    public var floor: Scoreboard.Value?, unit: Scoreboard.Value?
    /// The filter's median time to first fix, seconds (nil: never).
    public var timeToFirstFix: Double?
    /// The share of kidnaps recovered within 30 s (nil: no kidnaps).
    public var recovered: Double?
    /// The fingerprint baseline's EvAAL score, metres.
    public var fingerprintEvaal: Double?

    /// The row of `report`, assessed at `density` and `surveySpacing`.
    public init(_ report: AssessmentReport, density: Double?, surveySpacing: Double) {
      self.density = density
      self.surveySpacing = surveySpacing
      accessPoints = report.accessPoints
      surveyScans = report.surveyScans
      func pooled(_ kind: LocalizerKind) -> Scoreboard.Row? {
        report.scoreboard.rows.first { $0.scenario == "all walks" && $0.localizer == kind.rawValue }
      }
      let pf = pooled(.pf)
      evaal = pf?.metrics[Headline.evaal.rawValue]
      floor = pf?.metrics[Headline.floor.rawValue]
      unit = pf?.metrics[Headline.unit.rawValue]
      timeToFirstFix = report.timeToFirstFix.median
      recovered = report.kidnaps.isEmpty ? nil : report.recovery.withinTarget
      fingerprintEvaal = pooled(.fingerprint)?.metrics[Headline.evaal.rawValue]?.value
    }
  }

  /// The venue's name.
  public var venue: String
  /// One row per setting, in the order assessed.
  public var rows: [Row]

  /// A sweep of `venue` with `rows`.
  public init(venue: String, rows: [Row]) {
    self.venue = venue
    self.rows = rows
  }

  /// Assesses `base` at every density (with no world file) and survey spacing, one row each;
  /// `progress` is told the setting and its walks as they finish.
  public static func run(
    _ base: Assessment, densities: [Double], spacings: [Double],
    progress: @Sendable (_ setting: Int, _ label: String, _ done: Int, _ total: Int) -> Void = {
      _, _, _, _ in
    }
  ) throws(FingerpostError) -> AssessmentSweep {
    var rows: [Row] = []
    var venue = base.venuePath
    let densities: [Double?] = base.worldFile == nil ? densities : [nil]
    for density in densities {
      for spacing in spacings {
        var assessment = base
        if let density { assessment.density = density }
        assessment.surveySpacing = spacing
        let label =
          (density.map { "density \($0.formatted(decimals: 2))" } ?? "world")
          + ", survey \(spacing.formatted(decimals: 1)) m"
        let setting = rows.count
        let report = try assessment.run { event in
          if case .walks(let done, let total) = event { progress(setting, label, done, total) }
        }
        venue = report.venue
        rows.append(Row(report, density: density, surveySpacing: spacing))
      }
    }
    return AssessmentSweep(venue: venue, rows: rows)
  }

  /// The sweep for programs: JSON with sorted keys.
  public func json() throws(FingerpostError) -> String {
    try prettyJSON(self, what: "the sweep")
  }

  /// The table for people.
  public var text: String {
    func m(_ v: Scoreboard.Value?) -> String {
      v.map {
        "\($0.value.formatted(decimals: 2)) [\($0.low.formatted(decimals: 2)), \($0.high.formatted(decimals: 2))]"
      }
        ?? "—"
    }
    func percent(_ v: Double?) -> String {
      v.map { ($0 * 100).formatted(decimals: 1) + " %" } ?? "—"
    }
    var rows = [
      [
        "APs/100 m²", "survey m", "APs", "survey scans", "pf EvAAL m", "floor", "unit",
        "first fix s", "kidnaps ≤30 s", "fingerprint EvAAL m",
      ]
    ]
    for r in self.rows {
      rows.append([
        r.density.map { $0.formatted(decimals: 2) } ?? "world",
        r.surveySpacing.formatted(decimals: 1),
        String(r.accessPoints), String(r.surveyScans), m(r.evaal), percent(r.floor?.value),
        percent(r.unit?.value), r.timeToFirstFix.map { $0.formatted(decimals: 1) } ?? "never",
        percent(r.recovered), r.fingerprintEvaal.map { $0.formatted(decimals: 2) } ?? "—",
      ])
    }
    return
      (["\(venue): what if (particle filter, pooled over the walks)"]
      + AssessmentReport.table(rows)).joined(separator: "\n")
  }
}
