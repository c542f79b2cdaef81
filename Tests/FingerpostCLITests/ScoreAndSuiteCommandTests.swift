import ArgumentParser
import FingerpostCore
import Foundation
import Scoring
import TestSupport
import Testing
import Workflows

@testable import FingerpostCLI

@Suite struct ScoreAndSuiteCommandTests {
  @Test func theSuiteScoresEveryLocalizerAndGuardsItsBaseline() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID())")
    let scenarios = folder.appendingPathComponent("scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The replay tests' light scenario, in a folder of its own.
    let path = try LightScenario.write(in: folder)
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: "world: w.yaml", with: "world: ../w.yaml")
      .replacingOccurrences(of: "survey: survey.ndjson", with: "survey: ../survey.ndjson")
    try Data(text.utf8).write(to: scenarios.appendingPathComponent("light.yaml"))
    let board = folder.appendingPathComponent("board.json").path
    let streams = folder.appendingPathComponent("streams").path
    try SuiteCommand.parse([scenarios.path, "--seeds", "1", "--json", board, "--streams", streams])
      .run()
    let scoreboard = try Scoreboard.read(Data(contentsOf: URL(fileURLWithPath: board)), file: board)
    #expect(scoreboard.rows.map(\.localizer) == ["pf", "fingerprint", "dead-reckoning"])
    #expect(scoreboard.rows.allSatisfy { $0.scenario == "light" && $0.walks == 1 })
    let files = try FileManager.default.contentsOfDirectory(atPath: streams).sorted()
    #expect(
      files == [
        "light-seed21-dead-reckoning.ndjson", "light-seed21-fingerprint.ndjson",
        "light-seed21-pf.ndjson",
      ])

    // Its own scoreboard as the baseline passes; a baseline 20 % better than it fails.
    try SuiteCommand.parse([scenarios.path, "--seeds", "1", "--baseline", board]).run()
    var better = scoreboard
    for r in better.rows.indices {
      for (name, value) in better.rows[r].metrics {
        let higher = Headline(rawValue: name)?.higherIsBetter ?? false
        better.rows[r].metrics[name]?.value = higher ? min(1, value.value * 1.2) : value.value * 0.8
      }
    }
    let strict = folder.appendingPathComponent("better.json").path
    try Data(try better.json().utf8).write(to: URL(fileURLWithPath: strict))
    #expect {
      try SuiteCommand.parse([scenarios.path, "--seeds", "1", "--baseline", strict]).run()
    } throws: { ($0 as? ExitCode) == ExitCode(1) }

    // The score command reads the pf stream (truth and fixes in one file).
    let pf = URL(fileURLWithPath: streams).appendingPathComponent("light-seed21-pf.ndjson").path
    let file = try StreamFile(path: pf)
    #expect(file.venue == "office" && file.truth.count > 50 && file.fixes.count > 20)
    let score = try Scorer().score(truth: file.truth, fixes: file.fixes)
    #expect(abs(score.evaal - (scoreboard.rows[0].metrics["evaal"]?.value ?? 0)) < 1e-3)
  }

  @Test func scoreRefusesStreamsOfDifferentVenuesAndSkipsBadLines() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("score-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let truth = folder.appendingPathComponent("t.ndjson").path
    let fixes = folder.appendingPathComponent("f.ndjson").path
    try Data(
      """
      {"type":"meta","schema":1,"venue":"office","generator":"test"}
      {"type":"truth","t":0,"ordinal":0,"x":0,"y":0}
      not json
      {"type":"truth","t":10,"ordinal":0,"x":0,"y":0}

      """.utf8
    ).write(to: URL(fileURLWithPath: truth))
    try Data(
      """
      {"type":"meta","schema":1,"venue":"mall","generator":"test"}
      {"type":"fix","t":0,"x":1,"y":0,"ordinal":0}

      """.utf8
    ).write(to: URL(fileURLWithPath: fixes))
    let read = try StreamFile(path: truth)
    #expect(read.skipped.map(\.line) == [3] && read.skipped.first?.file == truth)
    #expect(read.truth.count == 2)
    #expect {
      try ScoreCommand.parse([truth, fixes]).run()
    } throws: {
      ($0 as? FingerpostError)?.kind == .mismatch
        && "\($0)".contains("the streams are for different venues")
    }
  }
}
