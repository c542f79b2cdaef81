import Benchmark
import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Workflows

/// `../shared/data/NAME` beside the repository, if present.
func sharedData(_ name: String) -> URL? {
  let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/data/\(name)")
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}

/// A synthetic survey of 4 levels of 60 m × 45 m with 200 APs heard on each (log-distance
/// signals with a deterministic ripple), surveyed every 2 m: the size the load target names.
func fourLevelSurvey() -> SurveyFile {
  var records: [SurveyRecord] = []
  let aps: [Point] = (0..<200).map { (i: Int) -> Point in
    let x = Double((i * 37) % 60)
    let y = Double((i * 53) % 45)
    return Point(x: x, y: y)
  }
  var t = 0.0
  for ordinal in 0..<4 {
    for y in stride(from: 1.0, to: 45, by: 2) {
      for x in stride(from: 1.0, to: 60, by: 2) {
        let p = Point(x: x, y: y)
        var readings: [Reading] = []
        for (i, ap) in aps.enumerated() {
          let floors = Double(abs((i % 4) - ordinal))
          let pathLoss: Double = 30 * log10(max(p.distance(to: ap), 1))
          let ripple: Double = 3 * sin(x * 0.7 + Double(i))
          let rssi: Double = -30 - pathLoss - 17 * floors + ripple
          if rssi > -95 {
            readings.append(
              Reading(
                bssid: String(format: "02:00:00:00:%02x:%02x", i / 256, i % 256),
                rssi: rssi.rounded()))
          }
        }
        t += 2
        records.append(
          SurveyRecord(
            scan: Scan(time: t, device: "bench", readings: readings), ordinal: ordinal,
            building: "B", position: p))
      }
    }
  }
  return SurveyFile(header: SurveyHeader(venue: "bench"), records: records)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput], maxDuration: .seconds(5))

  let survey = fourLevelSurvey()
  var builder = RadioMapBuilder()
  builder.coverageRadius = 4
  let map = builder.build(surveys: [("bench", survey)], plans: nil).map
  let file = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bench-\(ProcessInfo.processInfo.processIdentifier).fpmap")
  try! RadioMapFile.write(map, to: file)
  let apsPerLevel = map.levels.map(\.accessPoints.count).max() ?? 0

  // Target (issue 3): a 4-level venue with 200 APs loads in under 100 ms.
  Benchmark(
    "Radio map load, \(map.levels.count) levels, \(apsPerLevel) APs/level",
    configuration: .init(maxIterations: 20)
  ) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try RadioMapFile.read(file)) }
  }

  // Target: under 1 µs per (scan, position) for a scan of 20 readings. One iteration = one evaluation.
  Benchmark(
    "logLikelihood, 20 readings (ns per evaluation)",
    configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .mega)
  ) { benchmark in
    let truth = survey.records[300].scan
    let scan = Scan(
      time: 0, device: "x", readings: Array(truth.readings.sorted { $0.rssi > $1.rssi }.prefix(20)))
    let prepared = map.prepare(scan)
    let level = map.levels[0]
    let cells = level.inside.indices.filter { level.inside[$0] }
    var total = 0.0
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations {
      total += map.logLikelihood(prepared, level: 0, cell: cells[i % cells.count])
    }
    blackHole(total)
  }

  // Target: ingest of the UJIIndoorLoc training set (19,937 scans) in under 3 s: read the survey
  // file and build the map (2 m grid, the setting used for evaluation).
  Benchmark(
    "Ingest UJIIndoorLoc training (read survey + build map)", configuration: .init(maxIterations: 5)
  ) { benchmark in
    guard let uji = sharedData("ujiindoorloc") else { return }
    let surveyFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uji-bench.ndjson")
    if !FileManager.default.fileExists(atPath: surveyFile.path) {
      try SurveyWriter.write(
        try UJIIndoorLocImporter().importFile(uji.appendingPathComponent("trainingData.csv")),
        to: surveyFile)
    }
    var uji2 = RadioMapBuilder()
    uji2.spacing = 2
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let training = try SurveyFile(contentsOf: surveyFile)
      blackHole(uji2.build(surveys: [("uji", training)], plans: nil))
    }
  }

  // Target (issue 15): single-scan locate on the UJIIndoorLoc map (19,937 training scans, 2 m
  // grid) in at most 0.3 ms a scan, single-threaded, for both methods. One iteration = one
  // validation scan resolved against the map and located; the accuracy of the same locator over
  // the whole validation set is printed beside.
  if let uji = sharedData("ujiindoorloc") {
    let importer = UJIIndoorLocImporter()
    let training = try! importer.importFile(uji.appendingPathComponent("trainingData.csv"))
    let validation = try! importer.importFile(uji.appendingPathComponent("validationData.csv"))
    var builder = RadioMapBuilder()
    builder.spacing = 2
    let map = builder.build(surveys: [("uji", training)], plans: nil).map
    let locator = FingerprintLocator(map: map)
    let evaluations = Locate.Method.allCases.map {
      FingerprintEvaluation.run(
        map: map, test: validation, plans: nil, method: $0, locator: locator)
    }
    print("UJIIndoorLoc validation, the locator the benchmarks below time:")
    print(FingerprintEvaluation.table(evaluations, projected: true))
    let scans = validation.records.map(\.scan)
    for method in Locate.Method.allCases {
      Benchmark(
        "Locate one UJIIndoorLoc scan, \(method.rawValue) (µs per scan)",
        configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))
      ) { benchmark in
        var located = 0
        for i in benchmark.scaledIterations {
          let prepared = map.prepare(scans[i % scans.count])
          let fix =
            method == .knn
            ? locator.nearestNeighbours(prepared)
            : locator.maximumLikelihoodWithOffset(prepared)?.fix
          if fix != nil { located += 1 }
        }
        blackHole(located)
      }
    }
  }
}
