import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Localization
import Replay
import Simulation
import TestSupport
import Testing
import Workflows

/// Batches `FuzzTracking` found, fed to the office session its harness runs as it feeds them:
/// an error, a refusal or fixes inside the office, never a fix out of the building.
@Suite struct TrackingFuzzFindingsTests {
  /// The office as the harness builds it: the nominal scenario's survey on a 4 m grid, its
  /// plans, a 100-particle session and the walk's batches of 2 s.
  struct Office {
    /// The office scenario's radio map is not a survey.
    struct NotASurvey: Error {}

    let plans: FloorPlanSet
    let session: TrackingSession
    let batches: [Data]

    init(knownStart: Bool) throws {
      let run = try ScenarioRun(
        file: RepositoryPaths.root.appendingPathComponent("Scenarios/S0-office-nominal.yaml")
          .path)
      guard case .survey(let survey, _) = run.scenario.radioMap else {
        throw NotASurvey()
      }
      var scenario = run.scenario
      scenario.radioMap = .survey(survey, grid: 4)
      let map = try Scenario.RadioMapSource.load(for: scenario, plans: run.world.plans)
      let replay = try Replayer(run: run, kind: .pf, map: map)
      plans = replay.plans
      batches = replay.walk.batches(every: 2).map { Data($0.lines.joined(separator: "\n").utf8) }
      var settings = ParticleFilterSettings()
      settings.particles = 100
      session = try TrackingSession(
        plans: replay.plans, map: replay.map, seed: 3,
        start: knownStart ? replay.walk.start : nil, settings: settings)
    }
  }

  @Test func aStepOf60MetresThroughTheEntranceLeavesNoFixOutside() throws {
    // Found by FuzzTracking: steps out of time order, a scan with a damaged key, then a step of
    // 60 m north; the entrance on the ground floor's north wall let particles walk out of the
    // building, and the fix followed them.
    let bytes = try Data(
      contentsOf: RepositoryPaths.root.appendingPathComponent(
        "Tests/WorkflowsTests/Fixtures/tracking-fuzz-1.bin"))
    // As the harness: an odd count is not told the start; (count / 2) % 3 office batches first.
    let office = try Office(knownStart: bytes.count % 2 == 0)
    let before = (bytes.count / 2) % 3
    let batches =
      office.batches.prefix(before) + [bytes] + office.batches.dropFirst(before).prefix(2)
    let bounds = try #require(office.plans.bounds)
    var fixes = 0
    for (index, batch) in batches.enumerated() {
      guard let events = try? office.session.events(ndjson: batch, source: "batch \(index)"),
        let fix = try? office.session.process(events)
      else { continue }
      fixes += 1
      let p = fix.position
      #expect(
        p.x >= bounds.min.x - 1 && p.x <= bounds.max.x + 1 && p.y >= bounds.min.y - 1
          && p.y <= bounds.max.y + 1, "batch \(index): a fix outside the office at \(p)")
      let floor = try #require(office.plans.floors(atOrdinal: fix.ordinal).first)
      #expect(office.plans[floor].unitIndex(at: p) != nil, "batch \(index): \(p) in no unit")
    }
    #expect(fixes >= 1)
  }
}
