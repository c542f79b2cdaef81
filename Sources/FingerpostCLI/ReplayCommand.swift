import ArgumentParser
import FingerpostCore
import Foundation
import Localization
import Replay
import Workflows

#if ServiceClient
  import FingerpostClient
#endif

/// `fingerpost replay SCENARIO` (or a recorded event stream): run a localizer over the walk and
/// stream its fixes.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract:
      "Replay a scenario through a localizer and write its fixes as an NDJSON event stream.",
    discussion: """
      INPUT is a scenario file (YAML or JSON), simulated first, or a recorded event stream \
      (.ndjson, or - for standard input) of step and scan records, which needs --venue and \
      --radio-map or --survey. The summary (accuracy against any truth records, and the inputs \
      that could not be used) goes to standard error.

      A recorded stream with --radio-map and no --venue (a map-only site, such as an imported \
      IPIN site) is replayed on a venue drawn from the map: each level's walkable area is the \
      area its survey points span, widened by 5 m; --draw-venue DIR writes it for `view`.

      With --to URL, the walk is played against a running `fingerpost serve` instead, through \
      tracking sessions (--sessions at once, in real time unless --speed says otherwise): the \
      fixes the service answers are written, scored against the truth, checked against the same \
      batches replayed offline with the service's map and the same seeds, and the request \
      latencies reported. Exits with 1 when a request failed or a session's fixes differ.
      """)

  @Argument(help: "The scenario file, or a recorded event stream (.ndjson or -).")
  var input: String

  @Option(help: "pf, fingerprint, dead-reckoning or knn (weighted kNN on each scan).")
  var localizer: LocalizerKind = .pf

  @Flag(help: "Interleave the truth records.")
  var withTruth = false

  @Option(help: "Particle count of the filter (overrides the scenario).")
  var particleCount: Int?

  @Option(
    help: """
      What weighs the filter's scans: radio-map (the map's per-AP model, the default), \
      neighbours (the nearest survey points: better on real recordings, see evaluate-walks) or \
      both.
      """)
  var measurement: ParticleFilterSettings.Measurement?

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

  @Option(
    help: ArgumentHelp(
      "Recorded streams without --venue: write the venue drawn from the radio map here.",
      valueName: "dir"))
  var drawVenue: String?

  @Option(help: "Recorded streams: a survey to ingest as the radio map (1 m grid).")
  var survey: String?

  @Flag(help: "Recorded streams: tell the localizer the first truth record as the start.")
  var knownStart = false

  @Option(help: "Play the walk against this running service (e.g. http://127.0.0.1:8080).")
  var to: String?

  @Option(help: "With --to: the API key (allowed to locate).")
  var key: String?

  @Option(help: "With --to: the venue's id in the service (default: the scenario's venue name).")
  var venueID: String?

  @Option(help: "With --to: sessions walking at once.")
  var sessions = 1

  @Option(help: "With --to: walk seconds each request's batch of steps and scans spans.")
  var batch = 0.5

  func validate() throws {
    if to != nil {
      guard key != nil else { throw ValidationError("--to needs --key") }
      guard (1...10_000).contains(sessions), batch >= 0 else {
        throw ValidationError("--sessions must be 1…10000 and --batch at least 0")
      }
    }
    if let speed, !(speed > 0) { throw ValidationError("--speed must be above 0") }
    if let particleCount, !(10...200_000).contains(particleCount) {
      throw ValidationError("--particle-count must be 10…200000")
    }
    if let fixRate, !(fixRate > 0 && fixRate <= 100) {
      throw ValidationError("--fix-rate must be above 0 and at most 100")
    }
    if inputIsStream {
      guard venue != nil || radioMap != nil else {
        throw ValidationError("replaying a recorded stream needs --venue or --radio-map")
      }
      guard (radioMap == nil) != (survey == nil) else {
        throw ValidationError("replaying a recorded stream needs one of --radio-map and --survey")
      }
      if drawVenue != nil, venue != nil {
        throw ValidationError("--draw-venue is for a stream replayed without --venue")
      }
    } else if venue != nil || radioMap != nil || survey != nil || knownStart || drawVenue != nil {
      throw ValidationError(
        "--venue, --radio-map, --survey, --draw-venue and --known-start are for recorded streams; "
          + "a scenario names its own")
    }
  }

  /// Whether the input is a recorded stream rather than a scenario.
  var inputIsStream: Bool {
    input == "-" || ["ndjson", "jsonl"].contains(URL(fileURLWithPath: input).pathExtension)
  }

  @OptionGroup var usage: UsageOptions

  func run() async throws {
    defer { usage.report("replay") }
    if let to, let key {
      try await replay(to: to, key: key)
      return
    }
    var replay = try replayer()
    replay.cloudSize = particles
    if let fixRate { replay.fixRate = fixRate }
    if let particleCount { replay.settings.particles = particleCount }
    if let measurement { replay.settings.measurement = measurement }
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

  /// Plays the walk against the service at `to` (see the discussion).
  func replay(to: String, key: String) async throws {
    #if ServiceClient
      try await play(to: to, key: key)
    #else
      throw FingerpostError(
        .unsupportedVersion, field: "to",
        "this fingerpost was built without the service client (`--disable-default-traits`): "
          + "build it with the default traits (`swift build -c release`) to replay --to a service")
    #endif
  }

  #if ServiceClient
    /// Plays the walk against the service at `to` through `ServiceReplay`.
    func play(to: String, key: String) async throws {
      guard let base = URL(string: to), base.scheme == "http" || base.scheme == "https" else {
        throw ValidationError("--to must be an http(s) URL")
      }
      let replay = try replayer()
      let service = ServiceClient(base: base, key: key)
      let venue = venueID ?? replay.walk.venueName
      var client = ServiceReplay(
        client: service, venue: venue, walk: replay.walk, plans: replay.plans)
      client.sessions = sessions
      client.batchSeconds = batch
      client.pace = speed ?? 1
      let root = to.hasSuffix("/") ? String(to.dropLast()) : to
      client.opened = { id in
        printError(
          "session \(id): its fixes at \(root)/fp/v1/sessions/\(id)/fixes, on the map at \(root)/#venue=\(venue)&session=\(id)"
        )
      }
      let map = try await service.radioMap(venue: venue)
      let report = try client.report(
        try await client.run(), map: map, withTruth: withTruth,
        generator: "fingerpost replay --to \(to)")
      for line in report.lines { print(line) }
      printError(report.summary)
      if !report.passed { throw ExitCode(1) }
    }
  #endif

  /// The replay of the input: a scenario simulated, or a recorded stream on --venue.
  func replayer() throws(FingerpostError) -> Replayer {
    guard inputIsStream else {
      return try Replayer(run: ScenarioRun(file: input, seed: seed), kind: localizer)
    }
    var warnings = 0
    guard let venue else {
      return try Replayer(
        recorded: try FileAccess.text(input), file: input == "-" ? "stdin" : input,
        drawnFrom: radioMap ?? "", venueFolder: drawVenue, kind: localizer,
        knownStart: knownStart, seed: seed
      ) { message in
        warnings += 1
        if warnings <= 10 { printError(message) }
      }
    }
    return try Replayer(
      recorded: try FileAccess.text(input), file: input == "-" ? "stdin" : input,
      venuePath: venue,
      map: radioMap.map { .map(URL(fileURLWithPath: $0)) }
        ?? .survey(URL(fileURLWithPath: survey ?? ""), grid: 1),
      kind: localizer, knownStart: knownStart, seed: seed
    ) { message in
      warnings += 1
      if warnings <= 10 { printError(message) }
    }
  }
}

extension LocalizerKind: ExpressibleByArgument {}
