import ArgumentParser
import Fingerprints
import FloorPlans
import Foundation
import IMDF

/// `fingerpost evaluate-fingerprints --train T --test S`: train/test single-scan accuracy.
struct EvaluateFingerprintsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "evaluate-fingerprints",
    abstract: "Build a map from training surveys, locate every test scan, and print the errors.")

  @Option(help: "Training survey files.")
  var train: [String]

  @Option(help: "The test survey file.")
  var test: String

  @Option(help: "The venue of the surveys, if any.")
  var venue: String?

  @Option(help: "Grid cell size of the map, metres.")
  var grid = 1.0

  @Option(help: "Correlation length of the map's residual interpolation, metres.")
  var lengthScale = 3.0

  @Option(help: "Methods to evaluate: knn, likelihood (repeatable).")
  var method: [String] = ["knn", "likelihood"]

  @Option(help: "Neighbours for kNN.")
  var k = 5

  @Option(help: "kNN representation exponent (1 linear, 2.718 'powed').")
  var exponent: Float = 2.718

  @Flag(inversion: .prefixedNo, help: "kNN with the Sørensen distance (else Manhattan).")
  var sorensen = true

  @Option(help: "Fail unless the first method's mean error (map units) is at most this.")
  var requireMean: Double?

  @Option(help: "Fail unless the first method's median error (map units) is at most this.")
  var requireMedian: Double?

  @Option(help: "Fail unless the first method's floor hit rate (%) is at least this.")
  var requireFloor: Double?

  @Option(help: "Fail unless the first method's building hit rate (%) is at least this.")
  var requireBuilding: Double?

  func run() throws {
    let methods = try method.map { name -> FingerprintEvaluation.Method in
      guard let m = FingerprintEvaluation.Method(rawValue: name) else {
        throw ValidationError("unknown method \(name)")
      }
      return m
    }
    let training = try train.map {
      (URL(fileURLWithPath: $0).lastPathComponent, try readSurvey($0))
    }
    let testing = try readSurvey(test)
    let plans = try venue.map(loadPlans)
    var builder = RadioMapBuilder()
    builder.spacing = grid
    builder.lengthScale = lengthScale
    let start = Date()
    let map = builder.build(surveys: training, plans: plans).map
    printError("map built in \(Date().timeIntervalSince(start).formatted(decimals: 2)) s")
    var locator = FingerprintLocator(map: map)
    locator.k = k
    locator.representationExponent = exponent
    locator.sorensen = sorensen
    var rows = [["method", "located", "mean", "median", "p75", "p95", "floor hit", "building hit"]]
    var failures: [String] = []
    for (m, method) in methods.enumerated() {
      let e = FingerprintEvaluation.run(
        map: map, test: testing, plans: plans, method: method, locator: locator)
      rows += Self.rows(e, projected: map.frame == "EPSG:3857")
      if m == 0 { failures = requirementsMissed(e) }
    }
    let widths = rows[0].indices.map { c in rows.map { $0[c].count }.max()! }
    for row in rows {
      print(
        row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
          .joined(separator: "  "))
    }
    guard failures.isEmpty else {
      throw CLIError(
        "\(methods[0].rawValue) misses its targets: " + failures.joined(separator: "; "))
    }
    if [requireMean, requireMedian, requireFloor, requireBuilding].contains(where: { $0 != nil }) {
      print("\(methods[0].rawValue) meets its targets")
    }
  }

  /// The table rows of one evaluation: map units, and ground metres for EPSG:3857 maps.
  static func rows(_ e: FingerprintEvaluation, projected: Bool) -> [[String]] {
    func stats(_ v: [Double], _ label: String) -> [String] {
      [
        "\(e.method.rawValue)\(label)", "\(e.located)/\(e.total)",
        (v.reduce(0, +) / Double(max(v.count, 1))).formatted(decimals: 2),
        FingerprintEvaluation.quantile(v, 0.5).formatted(decimals: 2),
        FingerprintEvaluation.quantile(v, 0.75).formatted(decimals: 2),
        FingerprintEvaluation.quantile(v, 0.95).formatted(decimals: 2),
        "\((e.floorHitRate * 100).formatted(decimals: 1)) %",
        "\((e.buildingHitRate * 100).formatted(decimals: 2)) %",
      ]
    }
    return projected
      ? [stats(e.errors, " (EPSG:3857 m)"), stats(e.groundErrors, " (ground m)")]
      : [stats(e.errors, " (m)")]
  }

  /// The thresholds `e` does not meet, in words.
  private func requirementsMissed(_ e: FingerprintEvaluation) -> [String] {
    var missed: [String] = []
    let median = FingerprintEvaluation.quantile(e.errors, 0.5)
    if let limit = requireMean, !(e.meanError <= limit) {
      missed.append("mean \(e.meanError.formatted(decimals: 2)) > \(limit)")
    }
    if let limit = requireMedian, !(median <= limit) {
      missed.append("median \(median.formatted(decimals: 2)) > \(limit)")
    }
    if let limit = requireFloor, !(e.floorHitRate * 100 >= limit) {
      missed.append("floor hit \((e.floorHitRate * 100).formatted(decimals: 1)) % < \(limit) %")
    }
    if let limit = requireBuilding, !(e.buildingHitRate * 100 >= limit) {
      missed.append(
        "building hit \((e.buildingHitRate * 100).formatted(decimals: 2)) % < \(limit) %")
    }
    return missed
  }
}
