import EventStream
import Fingerprints
import Foundation
import Motion
import Replay
import TestSupport
import Testing
import WiFi

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

  /// A fresh temporary folder, removed by the caller.
  func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func particleFilterReplayIsReproducibleAndBeatsDeadReckoning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try scenario(in: folder)
    let command = try ReplayCommand.parse([path])
    func replay(_ kind: LocalizerKind) throws -> (lines: [String], summary: ReplaySummary) {
      var replay = try command.scenarioReplay()
      replay.kind = kind
      return try replay.run(withTruth: false)
    }
    let pf = try replay(.pf)
    #expect(pf.lines == (try replay(.pf)).lines)  // same scenario and seed: the same bytes
    #expect(pf.lines.first?.hasPrefix(#"{"type":"meta""#) == true)
    // The meta record says where the venue is, so `fingerpost view` can draw it.
    guard case .meta(let meta)? = try? StreamDecoder.record(pf.lines[0][...], line: 1) else {
      Issue.record("no meta record")
      return
    }
    #expect(meta.venuePath.map { FileManager.default.fileExists(atPath: $0) } == true)
    #expect(pf.lines.count > 50)
    for (i, line) in pf.lines.enumerated() {
      _ = try StreamDecoder.record(line[...], line: i + 1)
    }
    #expect(pf.summary.wallCrossings == 0)
    #expect(pf.summary.scored == pf.summary.fixes)
    let dr = try replay(.deadReckoning)
    let pfScore = try #require(pf.summary.evaalScore)
    #expect(pfScore < (try #require(dr.summary.evaalScore)), "pf: \(pf.summary); dr: \(dr.summary)")
    #expect(try #require(pf.summary.p75) < 3, "\(pf.summary)")
  }

  @Test func aRecordedStreamReplaysOnItsVenueSkippingBadLines() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try scenario(in: folder)
    let stream = folder.appendingPathComponent("walk.ndjson").path
    try SimulateCommand.parse([path, "-o", stream]).run()
    var text = try String(contentsOfFile: stream, encoding: .utf8)
    text += "{\"type\":\"step\",\"t\":\"soon\"}\nnot json at all\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: stream))
    let venue = RepositoryPaths.sampleVenue("office")
    let survey = folder.appendingPathComponent("survey.ndjson").path
    let replay = try ReplayCommand.parse([
      stream, "--venue", venue, "--survey", survey, "--known-start", "--particle-count", "300",
    ]).streamReplay()
    #expect(replay.walk.badLines == 2)
    #expect(replay.walk.venueName == "office" && replay.walk.startIsKnown)
    var sized = replay
    sized.settings.particles = 300
    let (lines, summary) = try sized.run(withTruth: true)
    #expect(lines.contains { $0.hasPrefix(#"{"type":"truth""#) })
    #expect(summary.badLines == 2 && summary.scored > 50)
    #expect(try #require(summary.p75) < 3, "\(summary)")
    #expect(summary.description.contains("2 unreadable lines"))
  }

  @Test func aStreamOrSurveyOrMapForAnotherVenueIsRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try scenario(in: folder)
    let stream = folder.appendingPathComponent("walk.ndjson").path
    try SimulateCommand.parse([path, "-o", stream]).run()
    let mall = RepositoryPaths.sampleVenue("mall")
    let survey = folder.appendingPathComponent("survey.ndjson").path
    #expect {
      try ReplayCommand.parse([stream, "--venue", mall, "--survey", survey]).streamReplay()
    } throws: { "\($0)".contains("the stream is for venue 'office', not 'mall'") }

    // A scenario on the office whose survey is the mall's.
    let scenarioText = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "survey: survey.ndjson", with: "survey: \(mall).survey.ndjson")
    let wrong = folder.appendingPathComponent("wrong.yaml").path
    try Data(scenarioText.utf8).write(to: URL(fileURLWithPath: wrong))
    #expect {
      try ReplayCommand.parse([wrong]).scenarioReplay()
    } throws: {
      "\($0)".contains("wrong.yaml: radio_map: survey")
        && "\($0)".contains("is for venue 'mall', not 'office'")
    }

    // A radio map built on the office, given for the mall.
    let officePlans = try loadPlans(RepositoryPaths.sampleVenue("office"))
    let map = try radioMap(
      survey: survey, grid: 2, plans: officePlans, venue: "office", context: "test")
    let file = folder.appendingPathComponent("office.fpmap")
    try RadioMapFile.write(map, to: file)
    #expect {
      try radioMap(
        file: file.path, plans: try loadPlans(mall), venue: "mall", context: "--radio-map")
    } throws: { "\($0)".contains("--radio-map: radio map \(file.path) is for another venue") }
  }

  @Test func unusableStepsAndScansAreCountedAndTheFilterRunsOn() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var replay = try ReplayCommand.parse([try scenario(in: folder)]).scenarioReplay()
    replay.settings.particles = 200
    var walk = replay.walk
    walk.steps.insert(Step(t: 1.01, length: .nan, heading: 10), at: 1)
    walk.scans.insert(Scan(time: 1.02, device: "d", readings: []), at: 0)
    walk.scans.insert(
      Scan(time: 1.03, device: "d", readings: [Reading(bssid: "ff:ff:ff:ff:ff:ff", rssi: -40)]),
      at: 1)
    replay.walk = walk
    let (_, summary) = try replay.run(withTruth: false)
    #expect(summary.unusableSteps == 1 && summary.unusableScans == 2)
    #expect(summary.fixes == Int((walk.duration * 2).rounded(.down)))
    #expect(summary.description.contains("not used: 2 scans with no known AP, 1 steps with NaN"))
  }
}
