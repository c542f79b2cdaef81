import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Replay
import Simulation
import TestSupport
import Testing
import Workflows

/// Replays made from scenarios and from recorded streams, as `fingerpost replay` makes them.
@Suite struct ReplayerSourcesTests {
  func scenario(in folder: URL) throws -> String { try LightScenario.write(in: folder) }
  func temporaryFolder() throws -> URL { try LightScenario.temporaryFolder("replay") }

  @Test func particleFilterReplayIsReproducibleAndBeatsDeadReckoning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try scenario(in: folder)
    func replay(_ kind: LocalizerKind) throws -> (lines: [String], summary: ReplaySummary) {
      try Replayer(run: ScenarioRun(file: path), kind: kind).run(withTruth: false)
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
    // The track goes through a wall only when nothing in view of the last fix leads on towards
    // the cloud: rarely.
    #expect(pf.summary.wallCrossings * 50 <= pf.summary.fixes, "\(pf.summary)")
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
    var text = try ScenarioRun(file: path).eventStream
    text += "{\"type\":\"step\",\"t\":\"soon\"}\nnot json at all\n"
    let venue = RepositoryPaths.sampleVenue("office")
    let survey = folder.appendingPathComponent("survey.ndjson").path
    var warnings: [String] = []
    let replay = try Replayer(
      recorded: text, file: "walk.ndjson", venuePath: venue,
      map: .survey(URL(fileURLWithPath: survey), grid: 1), kind: .pf,
      knownStart: true, seed: nil
    ) { warnings.append($0) }
    #expect(replay.walk.badLines == 2)
    #expect(warnings.first?.hasPrefix("walk.ndjson:") == true, "\(warnings)")
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
    let text = try ScenarioRun(file: path).eventStream
    let mall = RepositoryPaths.sampleVenue("mall")
    let survey = folder.appendingPathComponent("survey.ndjson").path
    #expect {
      try Replayer(
        recorded: text, file: "walk.ndjson", venuePath: mall,
        map: .survey(URL(fileURLWithPath: survey), grid: 1), kind: .pf,
        knownStart: false, seed: nil, warn: { _ in })
    } throws: {
      ($0 as? FingerpostError)?.kind == .mismatch
        && "\($0)".contains("the stream is for venue 'office', not 'mall'")
    }

    // A scenario on the office whose survey is the mall's.
    let scenarioText = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "survey: survey.ndjson", with: "survey: \(mall).survey.ndjson")
    let wrong = folder.appendingPathComponent("wrong.yaml").path
    try Data(scenarioText.utf8).write(to: URL(fileURLWithPath: wrong))
    #expect {
      try Replayer(run: ScenarioRun(file: wrong), kind: .pf)
    } throws: {
      ($0 as? FingerpostError)?.kind == .mismatch
        && "\($0)".contains("wrong.yaml: radio_map: survey")
        && "\($0)".contains("is for venue 'mall', not 'office'")
    }

    // A radio map built on the office, given for the mall.
    let officePlans = try FloorPlanSet(venueAt: RepositoryPaths.sampleVenue("office"))
    let map = try Scenario.RadioMapSource.survey(
      survey, grid: 2, plans: officePlans, venue: "office", context: "test")
    let file = folder.appendingPathComponent("office.fpmap")
    try RadioMapFile.write(map, to: file)
    #expect {
      try Scenario.RadioMapSource.file(
        file.path, plans: try FloorPlanSet(venueAt: mall), venue: "mall", context: "--radio-map")
    } throws: {
      ($0 as? FingerpostError)?.kind == .mismatch
        && "\($0)".contains("--radio-map: radio map \(file.path) is for another venue")
    }
  }

  @Test func unusableStepsAndScansAreCountedAndTheFilterRunsOn() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var replay = try Replayer(run: ScenarioRun(file: try scenario(in: folder)), kind: .pf)
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
