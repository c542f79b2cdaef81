import ArgumentParser
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Workflows

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
  var method: [Locate.Method] = [.knn, .likelihood]

  @Option(help: "Neighbours for kNN.")
  var k = 5

  @Option(help: "kNN representation exponent (1 linear, 2.718 'powed').")
  var exponent: Float = 2.718

  @Flag(inversion: .prefixedNo, help: "kNN with the Sørensen distance (else Manhattan).")
  var sorensen = true

  @Option(
    help: ArgumentHelp(
      "The likelihood scores the cells near this many survey points nearest each scan in signal space.",
      discussion: "0 scores every mapped cell of every level that knows the scan (exhaustive)."))
  var candidates = FingerprintLocator.defaultCandidatePoints

  @Option(help: "How far around each candidate survey point the likelihood scores cells, metres.")
  var candidateRadius = FingerprintLocator.defaultCandidateRadius

  @Option(help: "Fail unless the first method's mean error (map units) is at most this.")
  var requireMean: Double?

  @Option(help: "Fail unless the first method's median error (map units) is at most this.")
  var requireMedian: Double?

  @Option(help: "Fail unless the first method's floor hit rate (%) is at least this.")
  var requireFloor: Double?

  @Option(help: "Fail unless the first method's building hit rate (%) is at least this.")
  var requireBuilding: Double?

  func run() throws {
    let start = Date()
    var ingest = Ingest(surveys: train, venuePath: venue)
    ingest.grid = grid
    ingest.lengthScale = lengthScale
    let map = try ingest.run().map
    printError("map built in \(Date().timeIntervalSince(start).formatted(decimals: 2)) s")
    let testing = try SurveyFile(contentsOf: URL(fileURLWithPath: test))
    var plans: FloorPlanSet?
    if let venue { plans = try FloorPlanSet(venueAt: venue) }
    var locator = FingerprintLocator(map: map, representationExponent: exponent)
    locator.k = k
    locator.candidatePoints = candidates
    locator.candidateRadius = candidateRadius
    locator.sorensen = sorensen
    let evaluations = method.map {
      FingerprintEvaluation.run(map: map, test: testing, plans: plans, method: $0, locator: locator)
    }
    print(FingerprintEvaluation.table(evaluations, projected: map.mapFrame == .webMercator))
    let targets = FingerprintEvaluation.Requirements(
      mean: requireMean, median: requireMedian, floor: requireFloor, building: requireBuilding)
    guard let first = evaluations.first, !targets.isEmpty else { return }
    let missed = first.missed(targets)
    guard missed.isEmpty else {
      printError(
        "error: \(first.method.rawValue) misses its targets: " + missed.joined(separator: "; "))
      throw ExitCode(1)
    }
    print("\(first.method.rawValue) meets its targets")
  }
}
