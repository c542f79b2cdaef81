import FingerpostCore
import Foundation
import Geometry
import TestSupport
import Testing

@testable import Workflows

/// Leave one walk out: each recorded walk is localized with a map of the other walks' scans only.
@Suite struct WalkEvaluationTests {
  /// A site with one floor, a 100 × 50 m hall, and three walks east along it at y = 15, 25
  /// and 35 m, each 40 s at 2 steps a second with a scan every 2 s of four APs at the corners
  /// (−40 dBm at 1 m, −25 dB per decade of distance).
  static func site(in folder: TemporaryFolder) throws -> String {
    let root = folder.url
    let floor = root.appendingPathComponent("F1")
    let paths = floor.appendingPathComponent("path_data_files")
    try FileManager.default.createDirectory(at: paths, withIntermediateDirectories: true)
    let lon = 100 / 96_486.0
    let lat = 50 / 110_574.0
    try #"{"map_info": {"height": 50, "width": 100}}"#.write(
      to: floor.appendingPathComponent("floor_info.json"), atomically: true, encoding: .utf8)
    let ring = [(0.0, 0.0), (lon, 0), (lon, lat), (0, lat), (0, 0)]
      .map { "[\(120 + $0.0), \(30 + $0.1)]" }.joined(separator: ", ")
    try
      #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"type": "floor", "name": "F1"}, "geometry": {"type": "Polygon", "coordinates": [[\#(ring)]]}}]}"#
      .write(
        to: floor.appendingPathComponent("geojson_map.json"), atomically: true, encoding: .utf8)
    let aps = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 50), Point(x: 100, y: 50)]
    for (k, y) in [15.0, 25, 35].enumerated() {
      var lines = ["#\tstartTime:0", "#\tSiteID:s\tFloorId:f\tFloorName:F1"]
      lines.append("0\tTYPE_WAYPOINT\t10\t\(y)")
      lines.append("40000\tTYPE_WAYPOINT\t90\t\(y)")
      let half = -90 * Double.pi / 360
      for i in 0..<2000 {
        let t = Double(i) * 0.02
        let ms = i * 20
        lines.append("\(ms)\tTYPE_ACCELEROMETER\t0\t0\t\(9.81 + 3 * sin(2 * .pi * 2 * t))\t3")
        lines.append("\(ms)\tTYPE_ROTATION_VECTOR\t0\t0\t\(sin(half))\t3")
      }
      for s in stride(from: 1000, to: 40000, by: 2000) {
        let p = Point(x: 10 + 80 * Double(s) / 40000, y: y)
        for (a, ap) in aps.enumerated() {
          let rssi = (-40 - 25 * log10(max(1, p.distance(to: ap)))).rounded()
          lines.append("\(s)\tTYPE_WIFI\tnet\t00:00:00:00:00:0\(a)\t\(rssi)\t2412\t\(s - 10)")
        }
      }
      try lines.joined(separator: "\n").write(
        to: paths.appendingPathComponent("walk\(k).txt"), atomically: true, encoding: .utf8)
    }
    return root.path
  }

  @Test func eachWalkIsLocalizedWithAMapOfTheOthers() throws {
    let folder = try TemporaryFolder("ilc-eval")
    defer { folder.remove() }
    var evaluation = WalkEvaluation(site: try Self.site(in: folder))
    evaluation.settings.particles = 300
    evaluation.jobs = 1
    let report = try evaluation.run()
    #expect(report.walks.map(\.name) == ["walk0", "walk1", "walk2"])
    // 20 scans a walk: each map holds the other two walks' 40.
    #expect(report.walks.allSatisfy { $0.mapScans == 40 }, "\(report.walks.map(\.mapScans))")
    for walk in report.walks {
      #expect((walk.instants["pf"]?.count ?? 0) >= 70)
      #expect((walk.instants["fingerprint"]?.count ?? 0) >= 70)
      #expect((walk.instants["knn"]?.count ?? 0) >= 70)
    }
    let pf = try #require(report.pooled.first { $0.localizer == "pf" })
    #expect(pf.floor.value == 1)
    #expect(report.pooled.map(\.localizer) == ["pf", "fingerprint", "knn"])
    // The middle walk lies between the other two: the filter follows the hall within metres.
    let middle = WalkEvaluationReport.Metric.mean.value(report.walks[1].instants["pf"] ?? [])
    #expect(middle < 6, "\(middle)")
    #expect(report.text.contains("walk1"))
    #expect(try report.json().contains("\"mapScans\" : 40"))
    // Three walks: each its own fold; the filter fitted to the other two.
    #expect(report.folds == 3 && report.calibrations.count == 3)
    #expect(report.text.contains("leave one walk out"))
    // Not told what weighs scans: each fold tried both on its two training walks (each
    // localized with a map of the other) and took the one with the smaller error.
    #expect(report.measurementChoices.count == 3)
    for choice in report.measurementChoices {
      let errors = choice.meanError
      #expect(Set(errors.keys) == ["neighbours", "radio-map"], "\(errors)")
      #expect(errors[choice.chosen.rawValue] == errors.values.min(), "\(choice)")
    }
    #expect(report.measurement.hasSuffix("chosen on each fold's training walks"))
    #expect(report.text.contains("the filter weighs scans by: "))
    #expect(try report.json().contains("\"measurementChoices\""))
  }

  @Test func foldsFloorsAndStreams() throws {
    let folder = try TemporaryFolder("ilc-folds")
    defer { folder.remove() }
    var evaluation = WalkEvaluation(site: try Self.site(in: folder))
    evaluation.settings.particles = 200
    evaluation.jobs = 1
    evaluation.folds = 2
    evaluation.measurement = .radioMap
    evaluation.streams = folder.url.appendingPathComponent("streams").path
    let report = try evaluation.run()
    // Told what weighs scans: nothing is chosen.
    #expect(report.measurement == "radio-map" && report.measurementChoices.isEmpty)
    // Walks 0 and 2 in fold 0, mapped with walk 1's 20 scans; walk 1 with the other two's 40.
    #expect(report.walks.map(\.mapScans) == [20, 40, 20])
    #expect(report.folds == 2 && report.calibrations.count == 2)
    #expect(report.text.contains("2 folds"))
    for name in ["walk0", "walk1", "walk2"] {
      for suffix in ["pf", "fingerprint", "knn"] {
        let path = folder.url.appendingPathComponent("streams/\(name).\(suffix).ndjson").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains("\"type\":\"meta\"") == true)
        #expect(lines.first?.contains("streams/venue") == true)
        #expect(lines.contains { $0.contains("\"type\":\"truth\"") })
        #expect(lines.contains { $0.contains("\"type\":\"fix\"") })
      }
    }
    #expect(
      FileManager.default.fileExists(
        atPath: folder.url.appendingPathComponent("streams/venue/level.geojson").path))
    evaluation.floors = ["F2"]
    #expect(throws: FingerpostError.self) { try evaluation.run() }
  }

  @Test func oraclesAreSaidAndHelp() throws {
    let folder = try TemporaryFolder("ilc-oracles")
    defer { folder.remove() }
    var evaluation = WalkEvaluation(site: try Self.site(in: folder))
    evaluation.settings.particles = 200
    evaluation.jobs = 1
    evaluation.oracles = [.truthSteps, .trueStart]
    let report = try evaluation.run()
    #expect(report.oracles == ["true-start", "truth-steps"])
    #expect(report.text.contains("ORACLES (not an honest result)"))
    // Told the start and walking the truth's own steps, the filter stays on the walk.
    for walk in report.walks {
      let mean = WalkEvaluationReport.Metric.mean.value(walk.instants["pf"] ?? [])
      #expect(mean < 3, "\(walk.name): \(mean)")
    }
  }
}
