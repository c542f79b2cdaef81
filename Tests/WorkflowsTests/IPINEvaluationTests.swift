import FingerpostCore
import Foundation
import Geometry
import TestSupport
import Testing

@testable import Workflows

/// Leave one path out on IPIN logs: a trial's repetitions leave together, the venue is the area
/// the other paths span, and the score is the competition's, at the landmarks.
@Suite struct IPINEvaluationTests {
  /// A site of four logs in `folder/logfiles`: trials 01 (twice), 02 and 03 walk east along a
  /// 100 m hall at y = 15, 25 and 35 m for 40 s, landmarks every 10 s, a scan of four APs at the
  /// corners every 2 s (−40 dBm at 1 m, −25 dB a decade), and a steady barometer; recorded
  /// 5 minutes apart.
  static func site(in folder: TemporaryFolder) throws -> String {
    let logs = folder.url.appendingPathComponent("logfiles")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    let aps = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 50), Point(x: 100, y: 50)]
    let runs = [("01", "01", 15.0), ("01", "02", 16.0), ("02", "01", 25.0), ("03", "01", 35.0)]
    for (index, (trial, repetition, y)) in runs.enumerated() {
      var lines = ["% Date of creation: Wed Jun 14 10:\(10 + 5 * index):00 GMT+02:00 2023"]
      for k in 0...4 {
        lines.append(
          IPINWalkImportTests.posi(
            Double(k) * 10, k + 1, east: 10 + 20 * Double(k), north: y, floor: 0))
      }
      // Walking east: the quaternion turns the phone's y axis to 90°.
      let half = -90 * Double.pi / 360
      for i in 0..<2000 {
        let t = Double(i) * 0.02
        let a = 9.81 + 3 * sin(2 * .pi * 2 * t)
        lines.append("ACCE;\(t);\(t);0;0;\(a);3")
        lines.append("AHRS;\(t);\(t);0;0;90;0;0;\(sin(half));3")
      }
      for s in stride(from: 1.0, to: 40, by: 2) {
        let p = Point(x: 10 + 80 * s / 40, y: y)
        for (a, ap) in aps.enumerated() {
          let rssi = (-40 - 25 * log10(max(1, p.distance(to: ap)))).rounded()
          lines.append("WIFI;\(s);\(s);net;00:00:00:00:00:0\(a);2412;\(rssi)")
        }
        lines.append("PRES;\(s);\(s);980.1;3")
      }
      let name = "IPIN2023_T3_TrainingTrial\(trial)_repetition\(repetition).txt"
      try lines.joined(separator: "\n").write(
        to: logs.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return folder.url.path
  }

  @Test func eachPathIsLocalizedWithAMapOfTheOtherPaths() throws {
    let folder = try TemporaryFolder("ipin-eval")
    defer { folder.remove() }
    var evaluation = WalkEvaluation(site: try Self.site(in: folder))
    evaluation.format = .ipin
    evaluation.settings.particles = 300
    evaluation.jobs = 1
    evaluation.streams = folder.url.appendingPathComponent("streams").path
    let report = try evaluation.run()
    // Three paths, three folds: both repetitions of trial 01 are mapped with trials 02 and 03
    // (20 scans each), never with each other.
    #expect(report.folds == 3)
    #expect(report.walks.map(\.mapScans) == [40, 40, 60, 60], "\(report.walks.map(\.mapScans))")
    #expect(WalkEvaluation.trial(of: "IPIN2023_T3_TrainingTrial05_repetition02") == "05")
    #expect(WalkEvaluation.trial(of: "walk") == "walk")
    // Scored at the five landmarks of each walk.
    let pf = try #require(report.pooled.first { $0.localizer == "pf" })
    #expect(pf.checkpoints == 20)
    #expect(pf.checkpointFloor.value == 1)
    #expect(pf.ipin.value.isFinite && pf.ipin.value >= pf.p75.value - 10)
    #expect(report.walks.allSatisfy { $0.checkpoints["knn"]?.count == 5 })
    // Trial 02 lies between the others: the filter follows the hall within metres.
    let middle = WalkEvaluationReport.Metric.ipin.value(report.walks[2].checkpoints["pf"] ?? [])
    #expect(middle < 8, "\(middle)")
    #expect(report.text.contains("leave one path out: 3 folds"))
    #expect(report.text.contains("IPIN score"))
    // Every fold has two walks or more that say when they started: their barometers at the
    // landmarks tell a walk's floor.
    #expect(report.calibrations.allSatisfy { $0.pressure?.observations.count ?? 0 >= 10 })
    #expect(report.text.contains("barometers at the landmarks (3 of 3 folds)"))
    // The JSON report carries what each fold fitted, the floors and the barometers' reference too.
    let json = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
    let calibrations = try #require(json?["calibrations"] as? [[String: Any]])
    #expect(calibrations.count == 3)
    #expect(calibrations.allSatisfy { $0["floors"] is [String: Any] })
    let pressure = try #require(calibrations.first?["pressure"] as? [String: Any])
    #expect((pressure["walks"] as? Int ?? 0) >= 2)
    #expect((pressure["noise"] as? Double).map { $0 > 0 } == true)
    #expect((pressure["observations"] as? [Any])?.count ?? 0 >= 10)
    // Each fold's venue is written beside the streams, drawn from the other paths alone.
    let venue = folder.url.appendingPathComponent("streams/venue-0/level.geojson").path
    #expect(FileManager.default.fileExists(atPath: venue))
  }
}
