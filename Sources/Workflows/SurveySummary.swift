import Fingerprints
import Geometry

/// What is in a survey file, for people: venue, source, scans, devices, levels, APs, problems.
public struct SurveySummary: Sendable {
  /// The survey.
  public let survey: SurveyFile
  /// Its file name, for the first line.
  public let file: String

  /// The summary of `survey`, read from `file`.
  public init(survey: SurveyFile, file: String) {
    self.survey = survey
    self.file = file
  }

  /// The summary as text, one field a line.
  public var text: String {
    let records = survey.records
    var lines = ["\(file)"]
    func field(_ label: String, _ value: String) {
      lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + value)
    }
    if let header = survey.header {
      field("venue", header.venue ?? "(none)")
      field("source", header.source ?? "(unknown)")
    }
    let times = records.map(\.scan.time)
    let span = (times.max() ?? 0) - (times.min() ?? 0)
    field("scans", "\(records.count) over \((span / 60).formatted(decimals: 1)) min")
    let devices = Set(records.map(\.scan.device)).sorted()
    field(
      "devices",
      "\(devices.count): " + devices.prefix(4).joined(separator: ", ")
        + (devices.count > 4 ? ", …" : ""))
    var byLevel: [String: Int] = [:]
    for r in records {
      let key = [r.building.map { "building \($0.prefix(8))" }, r.ordinal.map { "ordinal \($0)" }]
        .compactMap { $0 }.joined(separator: " ")
      byLevel[key, default: 0] += 1
    }
    field(
      "levels",
      byLevel.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; "))
    let aps = Set(records.flatMap { $0.scan.readings.map(\.bssid) })
    let perScan =
      records.isEmpty
      ? 0 : Double(records.reduce(0) { $0 + $1.scan.readings.count }) / Double(records.count)
    field("APs", "\(aps.count) distinct, \(perScan.formatted(decimals: 1)) readings a scan")
    let skipped = survey.problems.filter(\.skippedLine)
    let dropped = survey.problems.count - skipped.count
    field("problems", "\(skipped.count) line(s) skipped, \(dropped) reading(s) dropped")
    for problem in survey.problems.prefix(10) { lines.append("    \(problem)") }
    if survey.problems.count > 10 { lines.append("    … \(survey.problems.count - 10) more") }
    return lines.joined(separator: "\n")
  }
}
