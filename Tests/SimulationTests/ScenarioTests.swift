import ConfigFiles
import FingerpostCore
import FloorPlans
import Foundation
import IMDF
import Radio
import Simulation
import TestSupport
import Testing

@Suite final class ScenarioTests: Sendable {
  /// Each test's own folder for the scenario files it writes, removed after it.
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder("scenario") }
  deinit { folder.remove() }

  /// A light world on the office (few APs, 2 m grid) so debug builds stay quick.
  static let world: World = {
    let plans = FloorPlanSet(
      venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office")))
    var model = PropagationModel()
    model.gridSpacing = 2
    return try! World(
      plans: plans, accessPoints: AccessPointPlacement(density: 0.2).place(in: plans, model: model),
      model: model, seed: 5)
  }()

  func write(_ body: String) throws -> URL {
    let url = folder.appending("s-\(UUID()).yaml")
    let venue = RepositoryPaths.sampleVenue("office")
    let text = """
      venue: \(venue)
      world: \(venue).world.yaml
      radio_map: { survey: \(venue).survey.ndjson }
      seed: 3
      \(body)
      """
    try Data(text.utf8).write(to: url)
    return url
  }

  let walker = """
    walker:
      start: { unit: "Room 0.01" }
      stops:
        - { unit: "Room 0.06", dwell: 4 }
        - { ordinal: 0, x: 0, y: -7.5, dwell: 2 }
    """

  @Test func readsEverySection() throws {
    let url = try write(
      walker + """

        device: { name: phone, offset: 4, scan_interval: 3 }
        dead_reckoning: { miss_probability: 0.1 }
        events:
          - { at: 10, type: aps_off, share: 0.5 }
          - { at: 20, type: blackout, duration: 6 }
          - { at: 30, type: kidnap, to: { unit: "Room 1.60" } }
        localizer: { particles: 500, known_start: false }
        """)
    let s = try Scenario(contentsOf: url)
    #expect(
      s.stops.count == 2 && s.stops[0].dwell == 4
        && s.stops[1].place == .point(ordinal: 0, x: 0, y: -7.5))
    #expect(s.device.offset == 4 && s.deviceOffsetGiven && s.device.scanInterval == 3)
    #expect(s.deadReckoning.missProbability == 0.1)
    #expect(s.events.count == 3)
    #expect(s.localizer.particles == 500 && !s.localizer.knownStart)
    #expect(s.world.path.hasSuffix("office.world.yaml"))
  }

  @Test(arguments: [("yes", true), ("true", true), ("no", false), ("off", false)])
  func knownStartIsAYAMLBoolean(text: String, known: Bool) throws {
    let url = try write(walker + "\nlocalizer: { known_start: \(text) }\n")
    #expect(try Scenario(contentsOf: url).localizer.knownStart == known)
  }

  @Test(arguments: [
    (
      "walker:\n  start: { unit: A }\n  stops: [{ unit: B }]\n  sped: 2\n",
      "walker.sped: unknown key"
    ),
    ("walker:\n  start: { unit: A }\n", "walker.stops: needs at least one stop"),
    (
      "walker:\n  start: { unit: A }\n  stops: [{ unit: B }]\nevents:\n  - { at: 1, type: earthquake }\n",
      "unknown event \"earthquake\""
    ),
    (
      "walker:\n  start: { unit: A }\n  stops: [{ unit: B }]\nlocalizer: { particles: 3 }\n",
      "must be 10…200000"
    ),
  ])
  func badScenariosNameKeyAndLine(body: String, message: String) throws {
    let url = try write(body)
    #expect {
      _ = try Scenario(contentsOf: url)
    } throws: { error in
      let text = "\(error)"
      return text.contains(message) && text.hasPrefix(url.path + ":")
    }
  }

  @Test func unknownUnitsAreRefusedBeforeWalking() throws {
    let url = try write(
      "walker:\n  start: { unit: \"Room 0.01\" }\n  stops: [{ unit: \"Room 9.99\" }]\n")
    let s = try Scenario(contentsOf: url)
    #expect { try s.simulate(in: Self.world) } throws: { error in
      guard let error = error as? FingerpostError else { return false }
      return error.kind == .notFound && error.file == url.path && error.field == "walker"
        && error.message.contains("'Room 9.99'")
    }
  }

  @Test func simulationIsReproducibleAndAppliesEvents() throws {
    let url = try write(
      walker + """

        device: { offset: 2 }
        events:
          - { at: 10, type: aps_off, share: 0.5 }
          - { at: 20, type: blackout, duration: 8 }
        """)
    let s = try Scenario(contentsOf: url)
    let simulated = try s.simulate(in: Self.world)
    let (a, b) = (simulated.walk, try s.simulate(in: Self.world).walk)
    #expect(a.scans == b.scans && a.steps == b.steps && a.truth == b.truth)
    #expect(a.start != nil && a.duration == simulated.path.duration)
    #expect(simulated.deviceOffset == 2)
    #expect(!a.scans.contains { $0.time >= 20 && $0.time < 28 })
    let off = simulated.switchedOff.first!.bssids
    #expect(off.count == Self.world.accessPoints.count / 2)
    #expect(
      !a.scans.filter { $0.time >= 10 }.contains { $0.readings.contains { off.contains($0.bssid) } }
    )
    #expect(
      a.scans.filter { $0.time < 10 }.contains { $0.readings.contains { off.contains($0.bssid) } })
    #expect(a.truth.first?.unitID != nil)
    #expect(a.steps.count > 10)
  }

  @Test func aBarometerReadsTheFloorsWalked() throws {
    // From the ground floor up to a room on the second floor and back down.
    let url = try write(
      """
      walker:
        start: { unit: "Room 0.01" }
        stops:
          - { unit: "Room 2.52", dwell: 6 }
          - { unit: "Room 0.06", dwell: 2 }
      barometer: { rate: 4, noise: 0.02, drift: 0.5 }
      """)
    let s = try Scenario(contentsOf: url)
    #expect(s.barometer?.rate == 4 && s.barometer?.storeyHeight == 3.5)
    let walk = try s.simulate(in: Self.world).walk
    // Four samples a second over the whole walk, the same each time.
    #expect(abs(Double(walk.pressures.count) - walk.duration * 4) <= 2)
    #expect(walk.pressures == (try s.simulate(in: Self.world).walk.pressures))
    // Two floors up is 7 m: about 0.85 hPa less than at the start, then back.
    let top = try #require(walk.truth.first { $0.ordinal == 2 })
    func mean(_ range: ClosedRange<Double>) -> Double {
      let values = walk.pressures.filter { range.contains($0.t) }.map(\.hPa)
      return values.reduce(0, +) / Double(values.count)
    }
    let climbed = Pressure.heightChange(from: mean(0...3), to: mean(top.t + 1...top.t + 4))
    #expect(abs(climbed - 7) < 0.5, "\(climbed)")
    let back = Pressure.heightChange(from: mean(0...3), to: mean(walk.duration - 3...walk.duration))
    #expect(abs(back) < 0.5, "\(back)")
    // Without `barometer:` a walk has no pressure records.
    let plain = try Scenario(contentsOf: try write(walker)).simulate(in: Self.world).walk
    #expect(plain.pressures.isEmpty)
  }

  @Test func aBarometerOutOfRangeIsAnError() throws {
    let url = try write(walker + "\nbarometer: { storey_height: 0.1 }\n")
    #expect { try Scenario(contentsOf: url) } throws: { error in
      "\(error)".contains("storey_height") && "\(error)".contains("must be from 1.0 to 20.0")
    }
  }
}
