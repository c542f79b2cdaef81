import ArgumentParser
import EventStream
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Localization
import Replay
import Simulation

/// `fingerpost replay SCENARIO` (or a recorded event stream): run a localizer over the walk and
/// stream its fixes.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract:
      "Replay a scenario through a localizer and write its fixes as an NDJSON event stream.",
    discussion: """
      INPUT is a scenario file (YAML or JSON), simulated first, or a recorded event stream
      (.ndjson, or - for standard input) of step and scan records, which needs --venue and
      --radio-map or --survey. The summary (accuracy against any truth records, and the inputs
      that could not be used) goes to standard error.
      """)

  @Argument(help: "The scenario file, or a recorded event stream (.ndjson or -).")
  var input: String

  @Option(help: "pf, fingerprint or dead-reckoning.")
  var localizer: LocalizerKind = .pf

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

  @Option(help: "Seed of the walk and the filter (overrides the scenario's or the stream's).")
  var seed: UInt64?

  @Option(help: "Recorded streams: the IMDF venue (folder or .zip).")
  var venue: String?

  @Option(help: "Recorded streams: the radio map file.")
  var radioMap: String?

  @Option(help: "Recorded streams: a survey to ingest as the radio map (1 m grid).")
  var survey: String?

  @Flag(help: "Recorded streams: tell the localizer the first truth record as the start.")
  var knownStart = false

  func validate() throws {
    if let speed, !(speed > 0) { throw ValidationError("--speed must be above 0") }
    if let particleCount, !(10...200_000).contains(particleCount) {
      throw ValidationError("--particle-count must be 10…200000")
    }
    if let fixRate, !(fixRate > 0 && fixRate <= 100) {
      throw ValidationError("--fix-rate must be above 0 and at most 100")
    }
  }

  /// Whether the input is a recorded stream rather than a scenario.
  var inputIsStream: Bool {
    input == "-" || ["ndjson", "jsonl"].contains(URL(fileURLWithPath: input).pathExtension)
  }

  func run() throws {
    var replay = inputIsStream ? try streamReplay() : try scenarioReplay()
    replay.cloudSize = particles
    if let fixRate { replay.fixRate = fixRate }
    if let particleCount { replay.settings.particles = particleCount }
    let pace = speed ?? (realtime ? 1 : nil)
    let started = Date()
    let summary = try replay.run(withTruth: withTruth) { line, t in
      if let pace, let t {
        let wait = t / pace - Date().timeIntervalSince(started)
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
      }
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    printError(summary.description)
  }

  /// The replay of a scenario: simulated, with the scenario's radio map and localizer settings.
  func scenarioReplay() throws -> Replayer {
    guard venue == nil, radioMap == nil, survey == nil, !knownStart else {
      throw CLIError(
        "--venue, --radio-map, --survey and --known-start are for recorded streams; "
          + "a scenario names its own")
    }
    let (scenario, walk, world) = try simulateScenarioInWorld(input, seed: seed)
    let map = try FingerpostCLI.radioMap(for: scenario, plans: world.plans)
    var replay = Replayer(
      walk: ReplayInput(scenario: scenario, walk: walk), plans: world.plans, map: map,
      kind: localizer)
    replay.settings = scenario.localizer.filterSettings
    replay.fixRate = scenario.localizer.fixRate
    return replay
  }

  /// The replay of a recorded stream on `--venue` with `--radio-map` or `--survey`.
  func streamReplay() throws -> Replayer {
    guard let venue else { throw CLIError("replaying a recorded stream needs --venue") }
    guard (radioMap == nil) != (survey == nil) else {
      throw CLIError("replaying a recorded stream needs one of --radio-map and --survey")
    }
    let plans = try loadPlans(venue)
    let name = venueName(of: venue)
    let text: String
    do {
      text =
        input == "-"
        ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        : try String(contentsOfFile: input, encoding: .utf8)
    } catch {
      throw CLIError("\(input): cannot be read (\(error.localizedDescription))")
    }
    var warnings = 0
    var walk = try ReplayInput(
      stream: text, file: input, plans: plans, knownStart: knownStart, seed: seed ?? 1
    ) { message in
      warnings += 1
      if warnings <= 10 { printError(message) }
    }
    if let seed { walk.seed = seed }
    if !walk.venueName.isEmpty, walk.venueName != name {
      throw CLIError("\(input): the stream is for venue '\(walk.venueName)', not '\(name)'")
    }
    walk.venueName = name
    walk.venuePath = venue
    let map: RadioMap
    if let radioMap {
      map = try FingerpostCLI.radioMap(
        file: radioMap, plans: plans, venue: name, context: "--radio-map")
    } else {
      map = try FingerpostCLI.radioMap(
        survey: survey ?? "", grid: 1, plans: plans, venue: name, context: "--survey")
    }
    return Replayer(walk: walk, plans: plans, map: map, kind: localizer)
  }
}

extension LocalizerKind: ExpressibleByArgument {}
