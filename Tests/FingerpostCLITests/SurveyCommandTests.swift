import ArgumentParser
import FingerpostCore
import Foundation
import TestSupport
import Testing

@testable import FingerpostCLI

@Suite struct SurveyCommandTests {
  @Test func infoSummarisesTheCommittedOfficeSurvey() throws {
    let path = RepositoryPaths.root.appendingPathComponent("Surveys/office.survey.ndjson").path
    let text = try SurveyInfo.parse([path]).render()
    #expect(text.contains("source      fingerpost survey simulate --spacing 2.0 --seed 1"))
    #expect(text.contains("scans       3810 over"))
    #expect(text.contains("APs         97 distinct"))
    #expect(text.contains("0 line(s) skipped, 0 reading(s) dropped"))
  }

  @Test func simulateWritesAReadableSurvey() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "survey-cli-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let world = folder.appendingPathComponent("w.yaml")
    let venue = RepositoryPaths.sampleVenue("mall")
    try Data(
      "venue: \(venue)\nseed: 4\npropagation: { grid_spacing: 2 }\nplacement: { density: 0.1 }\n"
        .utf8
    ).write(to: world)
    let output = folder.appendingPathComponent("s.ndjson").path
    try SurveySimulate.parse([
      "--world", world.path, "--spacing", "8", "--scans-per-stop", "1", "--seed", "3", "-o", output,
    ]).run()
    let text = try SurveyInfo.parse([output]).render()
    #expect(text.contains("venue       mall"))
    #expect(text.contains("ordinal 0") && text.contains("ordinal 1"))
  }

  @Test func badArgumentsAndFilesAreClearErrors() throws {
    #expect(throws: (any Error).self) {
      try SurveySimulate.parse(["--world", "w.yaml", "--spacing", "0", "-o", "x"])
    }
    #expect {
      try SurveySimulate.parse(["--world", "/no/such/world.yaml", "-o", "/tmp/x"]).run()
    } throws: {
      ($0 as? FingerpostError)?.kind == .unreadable
        && "\($0)".contains("/no/such/world.yaml: cannot be read")
    }
  }
}
