import ArgumentParser
import FingerpostCore
import Foundation
import Replay
import Workflows

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
    if inputIsStream {
      guard venue != nil else { throw ValidationError("replaying a recorded stream needs --venue") }
      guard (radioMap == nil) != (survey == nil) else {
        throw ValidationError("replaying a recorded stream needs one of --radio-map and --survey")
      }
    } else if venue != nil || radioMap != nil || survey != nil || knownStart {
      throw ValidationError(
        "--venue, --radio-map, --survey and --known-start are for recorded streams; "
          + "a scenario names its own")
    }
  }

  /// Whether the input is a recorded stream rather than a scenario.
  var inputIsStream: Bool {
    input == "-" || ["ndjson", "jsonl"].contains(URL(fileURLWithPath: input).pathExtension)
  }

  @OptionGroup var usage: UsageOptions

  func run() throws {
    defer { usage.report("replay") }
    var replay = try replayer()
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

  /// The replay of the input: a scenario simulated, or a recorded stream on --venue.
  func replayer() throws(FingerpostError) -> Replayer {
    guard inputIsStream, let venue else {
      return try Replayer(run: ScenarioRun(file: input, seed: seed), kind: localizer)
    }
    var warnings = 0
    return try Replayer(
      recorded: try FileAccess.text(input), file: input == "-" ? "stdin" : input,
      venuePath: venue, map: radioMap.map { .file($0) } ?? .survey(survey ?? ""),
      kind: localizer, knownStart: knownStart, seed: seed
    ) { message in
      warnings += 1
      if warnings <= 10 { printError(message) }
    }
  }
}

extension LocalizerKind: ExpressibleByArgument {}
