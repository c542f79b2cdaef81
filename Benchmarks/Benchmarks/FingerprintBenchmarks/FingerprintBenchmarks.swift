import Benchmark
import FingerpostCore
import Fingerprints
import Foundation
import Geometry

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
}
