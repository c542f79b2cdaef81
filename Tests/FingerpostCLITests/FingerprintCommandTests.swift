import ArgumentParser
import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import TestSupport
import Testing

@testable import FingerpostCLI

/// Ingest, radio map, locate and evaluate commands on a small synthetic survey (no venue).
@Suite struct FingerprintCommandTests {
  let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fp-cli-\(UUID())")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// Four APs around a 20 m square, surveyed every 2 m; readings follow −30 − 30·log10(d).
  func writeSurvey(_ name: String, step: Double, offset: Double = 0) throws -> String {
    let aps = [Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 0, y: 20), Point(x: 20, y: 20)]
    var records: [SurveyRecord] = []
    var t = 0.0
    for y in stride(from: 1.0, through: 19, by: step) {
      for x in stride(from: 1.0, through: 19, by: step) {
        t += 2
        let p = Point(x: x, y: y)
        let readings = aps.enumerated().map { i, ap in
          Reading(
            bssid: "aa:00:00:00:00:0\(i)",
            rssi: (-30 - 30 * log10(max(p.distance(to: ap), 1)) + offset).rounded())
        }
        records.append(
          SurveyRecord(
            scan: Scan(time: t, device: "d", readings: readings), ordinal: 0, building: "A",
            position: p))
      }
    }
    let path = folder.appendingPathComponent(name).path
    try SurveyWriter.write(
      SurveyFile(header: SurveyHeader(venue: "square"), records: records),
      to: URL(fileURLWithPath: path))
    return path
  }

  @Test func ingestInfoExportLocateAndEvaluate() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let train = try writeSurvey("train.ndjson", step: 2)
    let test = try writeSurvey("test.ndjson", step: 5, offset: 3)
    let map = folder.appendingPathComponent("square.fpmap").path
    try IngestCommand.parse([train, "-o", map]).run()
    let info = try RadioMapInfo.parse([map]).render()
    #expect(info.contains("built from  train.ndjson (100 scans)"))
    #expect(info.contains("APs         4"))
    #expect(info.contains("building A, ordinal 0"))
    let export = folder.appendingPathComponent("ap0").path
    try RadioMapExport.parse([map, "--level", "0", "--ap", "aa:00:00:00:00:00", "-o", export]).run()
    let csv = try String(contentsOfFile: export + ".csv", encoding: .utf8)
    #expect(csv.hasPrefix("x,y,mean_dbm,spread_db,detection\n"))
    #expect(csv.split(separator: "\n").count > 100)
    try EvaluateFingerprintsCommand.parse([
      "--train", train, "--test", test, "--method", "likelihood", "--require-median", "3",
      "--require-floor", "100",
    ]).run()
    #expect(throws: (any Error).self) {
      try EvaluateFingerprintsCommand.parse([
        "--train", train, "--test", test, "--method", "knn", "--require-median", "0.001",
      ]).run()
    }
  }

  @Test func locateRefusesBadScansAndMaps() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let map = folder.appendingPathComponent("m.fpmap").path
    try IngestCommand.parse([try writeSurvey("t.ndjson", step: 4), "-o", map]).run()
    #expect { try LocateCommand.parse(["--map", map, "--scan", "{not json"]).run() } throws: {
      ($0 as? FingerpostError).map { $0.kind == .malformed && $0.file == "--scan" } ?? false
    }
    #expect {
      try LocateCommand.parse([
        "--map", map, "--scan", #"{"readings":[["ff:ff:ff:ff:ff:ff",-50]]}"#,
      ]).run()
    } throws: {
      ($0 as? FingerpostError)?.kind == .noData && "\($0)".contains("no AP of the scan")
    }
    try Data("not a map".utf8).write(to: URL(fileURLWithPath: map))
    #expect { try RadioMapInfo.parse([map]).render() } throws: {
      ($0 as? FingerpostError).map { $0.kind == .malformed && $0.file == map } ?? false
    }
  }
}
