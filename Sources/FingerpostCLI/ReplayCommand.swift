import ArgumentParser
import EventStream
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Localization
import Radio
import Randomness
import Simulation

/// `fingerpost replay SCENARIO`: simulate the walk, run a localizer over it, stream the fixes.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a scenario through a localizer and write its fixes as an NDJSON event stream."
  )

  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case pf, fingerprint
    case deadReckoning = "dead-reckoning"
  }

  @Argument(help: "The scenario file.")
  var scenario: String

  @Option(help: "pf, fingerprint or dead-reckoning.")
  var localizer: Kind = .pf

  @Flag(help: "Interleave the truth records.")
  var withTruth = false

  @Option(help: "Particle count of the filter (overrides the scenario).")
  var particleCount: Int?

  @Option(help: "Add a thinned cloud of this many particles to each fix, for viewers.")
  var particles: Int = 0

  @Flag(help: "Pace the output against the wall clock, as the walk happens.")
  var realtime = false

  @Option(help: "Pace the output at this multiple of real time (e.g. 10).")
  var speed: Double?

  @Option(help: "Fixes a second (overrides the scenario).")
  var fixRate: Double?

  func validate() throws {
    if let speed, !(speed > 0) { throw ValidationError("--speed must be above 0") }
    if let particleCount, !(10...200_000).contains(particleCount) {
      throw ValidationError("--particle-count must be 10…200000")
    }
  }

  func run() throws {
    let (scenario, walk, world) = try simulateScenarioInWorld(scenario)
    let map = try radioMap(for: scenario, plans: world.plans)
    var replay = Replay(
      scenario: scenario, walk: walk, plans: world.plans, map: map, kind: localizer,
      particles: particleCount,
      fixRate: fixRate ?? scenario.localizer.fixRate)
    replay.cloudSize = particles
    let pace = speed ?? (realtime ? 1 : nil)
    let started = Date()
    let summary = try replay.run(withTruth: withTruth) { line, t in
      if let pace, let t {
        let wait = t / pace - Date().timeIntervalSince(started)
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
      }
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    printError(summary)
  }
}

/// The scenario's radio map: its map file, or its survey ingested (cached by the survey's bytes).
func radioMap(for scenario: Scenario, plans: FloorPlanSet) throws -> RadioMap {
  switch scenario.radioMap {
  case .map(let url):
    return try loadRadioMap(url.path)
  case .survey(let url, let grid):
    let bytes = try Data(contentsOf: url)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let key = "\(String(hash, radix: 16))-\(grid)-\(plans.frame.origin.longitude)"
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpost-cache")
    let file = cache.appendingPathComponent("\(key).fpmap")
    if let cached = try? RadioMapFile.read(file) { return cached }
    var builder = RadioMapBuilder()
    builder.spacing = grid
    let survey = SurveyFile.parse(bytes, file: url.path)
    let map = builder.build(surveys: [(url.lastPathComponent, survey)], plans: plans).map
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    try RadioMapFile.write(map, to: file)
    return map
  }
}
