import FingerpostClient
import FingerpostCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Replay
import TestSupport
import Testing
import Workflows

@testable import Service

/// A simulated walk played against a live service through the client library: the sessions'
/// fixes match the same batches offline, the stream holds them with the truth, and a refused
/// request is counted with its latency.
@Suite struct ServiceReplayTests {
  @Test func aWalkPlayedThroughSessionsMatchesOfflineAndCanBeScored() async throws {
    let fixture = try await ServiceFixture.shared.value
    let folder = try LightScenario.temporaryFolder("service-replay")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try ServiceFixture.officeScenario(to: "Room 0.06", in: folder)
    let replayer = try Replayer(run: ScenarioRun(file: path), kind: .pf)
    let (walk, plans) = (replayer.walk, replayer.plans)
    try await fixture.service.application().test(.live) { client in
      let port = try #require(client.port)
      let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
      let service = ServiceClient(base: base, key: "locate")
      var replay = ServiceReplay(
        client: service, venue: "office", walk: walk, plans: plans)
      replay.sessions = 2
      replay.batchSeconds = 2
      replay.pace = nil
      let runs = try await replay.run()
      #expect(runs.map(\.seed) == [5, 6])
      #expect(runs.allSatisfy { $0.errors.isEmpty && $0.latencies.count == $0.fixes.count })
      let report = try replay.report(
        runs, map: try await ServiceClient(base: base, key: "reader").radioMap(venue: "office"),
        withTruth: true,
        generator: "test")
      #expect(report.passed)
      #expect(
        report.summary.contains("2 session(s), \(runs[0].fixes.count * 2) requests, 0 failed"))
      #expect(report.summary.contains("differ from the same batches offline: 0 of 2"))
      // A meta record, then truth and fixes in time order: what `score -` reads.
      #expect(report.lines.first?.hasPrefix(#"{"type":"meta""#) == true)
      let fixes = report.lines.filter { $0.hasPrefix(#"{"type":"fix""#) }.count
      #expect(fixes == runs[0].fixes.compactMap { $0 }.count && fixes > 3)
      #expect(report.lines.filter { $0.hasPrefix(#"{"type":"truth""#) }.count == walk.truth.count)
      // A refusal is an answer: it carries the seconds it took.
      let session = try await service.openSession(
        venue: "office", seed: 1, device: "test", start: nil)
      try await service.end(session)
      do {
        _ = try await service.post(events: "", to: session)
        Issue.record("a batch to an ended session was accepted")
      } catch let failure as ServiceClient.Failure {
        #expect((failure.seconds ?? -1) >= 0)
        #expect(failure.description.hasPrefix("404"))
      }
    }
  }
}
