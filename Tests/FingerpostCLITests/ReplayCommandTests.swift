import EventStream
import Foundation
import TestSupport
import Testing

@testable import FingerpostCLI

@Suite struct ReplayCommandTests {
  /// A short office walk in a light world (few APs, 2 m grid) with a 2 m radio map grid.
  func scenario(in folder: URL) throws -> String {
    let venue = RepositoryPaths.sampleVenue("office")
    try Data(
      "venue: \(venue)\nseed: 2\npropagation: { grid_spacing: 2 }\nplacement: { density: 0.3 }\n"
        .utf8
    )
    .write(to: folder.appendingPathComponent("w.yaml"))
    let survey = folder.appendingPathComponent("survey.ndjson")
    try SurveySimulate.parse([
      "--world", folder.appendingPathComponent("w.yaml").path, "--spacing", "3", "--scans-per-stop",
      "1", "-o", survey.path,
    ]).run()
    let path = folder.appendingPathComponent("s.yaml").path
    try Data(
      """
      venue: \(venue)
      world: w.yaml
      radio_map: { survey: survey.ndjson, grid: 2 }
      walker:
        start: { unit: "Room 0.01" }
        stops: [{ unit: "Room 0.24", dwell: 4 }, { unit: "Room 0.06" }]
      device: { offset: 2 }
      localizer: { particles: 300 }
      seed: 21
      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func particleFilterReplayIsReproducibleAndBeatsDeadReckoning() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try scenario(in: folder)
    let (scenario, walk, world) = try simulateScenarioInWorld(path)
    let map = try radioMap(for: scenario, plans: world.plans)
    func replay(_ kind: ReplayCommand.Kind) throws -> (lines: [String], summary: String) {
      try Replay(
        scenario: scenario, walk: walk, plans: world.plans, map: map, kind: kind, particles: nil,
        fixRate: 2
      )
      .run(withTruth: false)
    }
    let pf = try replay(.pf)
    #expect(pf.lines == (try replay(.pf)).lines)  // same scenario and seed: the same bytes
    #expect(pf.lines.first?.hasPrefix(#"{"type":"meta""#) == true)
    #expect(pf.lines.count > 50)
    for (i, line) in pf.lines.enumerated() {
      _ = try StreamDecoder.record(line[...], line: i + 1)
    }
    #expect(pf.summary.contains("0 fix-to-fix wall crossings"), "\(pf.summary)")
    let dr = try replay(.deadReckoning)
    #expect(p75(pf.summary) < p75(dr.summary), "pf: \(pf.summary); dr: \(dr.summary)")
    #expect(p75(pf.summary) < 3, "\(pf.summary)")
  }

  /// The p75 error in a replay summary line.
  func p75(_ summary: String) -> Double {
    guard let range = summary.range(of: #"p75 error [0-9.]+"#, options: .regularExpression) else {
      return .infinity
    }
    return Double(summary[range].dropFirst("p75 error ".count)) ?? .infinity
  }
}
