/// Headline metrics with confidence intervals for every scenario and localizer of a suite run;
/// checked in as a baseline that later runs must not fall behind.
public struct Scoreboard: Sendable, Codable, Equatable {
  /// The file format's name and version; older or other files are refused.
  public static let formatName = "fingerpost-scoreboard"
  public static let currentVersion = 1

  /// A metric's value over the pooled walks and its bootstrap interval.
  public struct Value: Sendable, Codable, Equatable {
    public var value: Double
    public var low: Double
    public var high: Double

    /// A value with its interval.
    public init(value: Double, low: Double, high: Double) {
      self.value = value
      self.low = low
      self.high = high
    }
  }

  /// One scenario scored for one localizer.
  public struct Row: Sendable, Codable, Equatable {
    public var scenario: String
    public var localizer: String
    /// Walks (seeds) pooled.
    public var walks: Int
    /// Instants scored over all walks.
    public var instants: Int
    /// The headline metrics by name (`Headline.rawValue`).
    public var metrics: [String: Value]

    /// A row.
    public init(
      scenario: String, localizer: String, walks: Int, instants: Int, metrics: [String: Value]
    ) {
      self.scenario = scenario
      self.localizer = localizer
      self.walks = walks
      self.instants = instants
      self.metrics = metrics
    }
  }

  public var format = Scoreboard.formatName
  public var version = Scoreboard.currentVersion
  /// The seeds each scenario was walked with, as offsets from its own seed.
  public var seeds: Int
  /// Bootstrap resamples behind the intervals.
  public var resamples: Int
  public var rows: [Row]

  /// A scoreboard of `rows`.
  public init(seeds: Int, resamples: Int, rows: [Row]) {
    self.seeds = seeds
    self.resamples = resamples
    self.rows = rows
  }

  /// The row scored from `walks` (each a walk's instants) with the headline metrics and their
  /// intervals (`draw(n)`: a uniform integer in 0..<n from a seeded generator).
  public static func row(
    scenario: String, localizer: String, walks: [[Instant]], bootstrap: Bootstrap,
    draw: (Int) -> Int
  ) -> Row {
    let pooled = walks.flatMap { $0 }
    var metrics: [String: Value] = [:]
    for headline in Headline.allCases {
      let value = headline.value(pooled)
      guard !value.isNaN else { continue }
      let (low, high) = bootstrap.interval(walks, metric: { headline.value($0) }, draw: draw)
      // Four decimals: 0.1 mm and 0.01 points, plenty, and a checked-in file that reads well.
      func r(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
      metrics[headline.rawValue] = Value(value: r(value), low: r(low), high: r(high))
    }
    return Row(
      scenario: scenario, localizer: localizer, walks: walks.count, instants: pooled.count,
      metrics: metrics)
  }

  /// Where this scoreboard is worse than `baseline` by more than `tolerance` (relative, e.g.
  /// 0.05) in a headline metric, or lacks one of its rows: one message each (none: no
  /// regression). A small absolute slack (1 cm, 0.1 point) keeps rounding from failing a run.
  public func regressions(against baseline: Scoreboard, tolerance: Double) -> [String] {
    var messages: [String] = []
    for old in baseline.rows {
      guard
        let new = rows.first(where: { $0.scenario == old.scenario && $0.localizer == old.localizer }
        )
      else {
        messages.append("\(old.scenario) / \(old.localizer): missing from this run")
        continue
      }
      for headline in Headline.allCases {
        guard let before = old.metrics[headline.rawValue]?.value else { continue }
        guard let after = new.metrics[headline.rawValue]?.value else {
          messages.append("\(old.scenario) / \(old.localizer): \(headline.rawValue) missing")
          continue
        }
        let worse =
          headline.higherIsBetter
          ? after < before * (1 - tolerance) - 0.001
          : after > before * (1 + tolerance) + 0.01
        if worse {
          messages.append(
            "\(old.scenario) / \(old.localizer): \(headline.rawValue) \(format(after, headline)) "
              + "is worse than the baseline's \(format(before, headline)) by more than "
              + "\(Int((tolerance * 100).rounded())) %")
        }
      }
    }
    return messages
  }

  func format(_ v: Double, _ headline: Headline) -> String {
    headline.higherIsBetter
      ? "\((v * 100).formatted(decimals: 1)) %" : "\(v.formatted(decimals: 2)) m"
  }
}
