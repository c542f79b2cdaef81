import ArgumentParser
import Foundation
import Localization
import Randomness
import Replay
import Scoring
import Simulation
import Synchronization

/// `fingerpost suite DIR`: every scenario through every localizer, scored, on one scoreboard.
struct SuiteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suite",
    abstract: "Replay and score every scenario of a folder with each localizer: the scoreboard.",
    discussion: """
      Each scenario is walked with its own seed and the next ones (--seeds), replayed through
      the particle filter and both baselines, and scored at 2 Hz. The scoreboard pools each
      scenario's walks; brackets hold 95 % intervals by block bootstrap (30 s blocks of every
      walk). With --baseline, the run fails (exit 1) when a headline metric is worse than the
      baseline's by more than --tolerance.
      """)

  @Argument(help: "The folder of scenario files (*.yaml, *.yml, *.json).")
  var folder: String

  @Option(help: "Walks per scenario: its seed and the next ones.")
  var seeds = 3

  @Option(help: "Write the scoreboard as JSON to this file.")
  var json: String?

  @Flag(help: "Print the scoreboard as a Markdown table.")
  var markdown = false

  @Option(help: "A checked-in scoreboard this run must not fall behind.")
  var baseline: String?

  @Option(help: "Relative slack before a worse headline metric fails the run.")
  var tolerance = 0.05

  @Option(help: "Write every walk's truth and fixes as event streams into this folder.")
  var streams: String?

  @Option(help: "Parallel scenarios (default: the processor count).")
  var jobs: Int?

  func validate() throws {
    if !(1...20).contains(seeds) { throw ValidationError("--seeds must be 1…20") }
    if !(tolerance >= 0 && tolerance < 1) { throw ValidationError("--tolerance must be 0…1") }
  }

  func run() throws {
    let baselineBoard = try baseline.map { path in
      do {
        return try Scoreboard.read(Data(contentsOf: URL(fileURLWithPath: path)), file: path)
      } catch let error as ScoreboardFileError {
        throw CLIError(error.description)
      } catch {
        throw CLIError("\(path): cannot be read (\(error.localizedDescription))")
      }
    }
    let files = try scenarioFiles()
    if let streams {
      try FileManager.default.createDirectory(
        atPath: streams, withIntermediateDirectories: true)
    }
    let walks = try walkAll(files)
    let bootstrap = Bootstrap()
    let generator = try RandomGenerator(seed: 2026)
    var rows: [Scoreboard.Row] = []
    for (file, byLocalizer) in zip(files, walks) {
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      for kind in LocalizerKind.allCases {
        guard let instants = byLocalizer[kind.rawValue] else { continue }
        rows.append(
          Scoreboard.row(
            scenario: name, localizer: kind.rawValue, walks: instants, bootstrap: bootstrap,
            draw: { (try? generator.uniformInt(below: $0)) ?? 0 }))
      }
    }
    let board = Scoreboard(seeds: seeds, resamples: bootstrap.resamples, rows: rows)
    print(markdown ? board.markdown : board.table)
    if let json {
      try Data(try board.json().utf8).write(to: URL(fileURLWithPath: json), options: .atomic)
      printError("wrote \(json)")
    }
    if let baselineBoard, let path = baseline {
      let regressions = board.regressions(against: baselineBoard, tolerance: tolerance)
      guard regressions.isEmpty else {
        for message in regressions { printError("regression: \(message)") }
        throw CLIError("\(regressions.count) headline metrics fell behind \(path)")
      }
      printError("no headline metric is worse than \(path) by more than \(Int(tolerance * 100)) %")
    }
  }

  /// The scenario files of the folder, sorted by name.
  func scenarioFiles() throws -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw CLIError("\(folder): cannot be read (\(error.localizedDescription))")
    }
    let files = names.filter {
      ["yaml", "yml", "json"].contains(URL(fileURLWithPath: $0).pathExtension)
    }
    .sorted().map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    guard !files.isEmpty else { throw CLIError("\(folder): no scenario files (*.yaml)") }
    return files
  }

  /// Every scenario's walks, in parallel: per scenario, per localizer, each walk's instants.
  func walkAll(_ files: [String]) throws -> [[String: [[Instant]]]] {
    let results = Mutex<[Int: Result<[String: [[Instant]]], CLIError>]>([:])
    let next = Mutex(0)
    let progress = SuiteProgress(total: files.count)
    let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, files.count))
    let (seeds, streams) = (self.seeds, self.streams)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.withLock { n -> Int in
          defer { n += 1 }
          return n
        }
        guard index < files.count else { return }
        let result: Result<[String: [[Instant]]], CLIError>
        do {
          result = .success(try Self.walk(files[index], seeds: seeds, streams: streams))
        } catch let error as CLIError {
          result = .failure(error)
        } catch {
          result = .failure(CLIError("\(files[index]): \(error)"))
        }
        results.withLock { $0[index] = result }
        progress.step(URL(fileURLWithPath: files[index]).lastPathComponent)
      }
    }
    progress.finish()
    return try results.withLock { all in try files.indices.map { try all[$0]!.get() } }
  }

  /// One scenario walked `seeds` times and replayed by each localizer.
  static func walk(_ file: String, seeds: Int, streams: String?) throws -> [String: [[Instant]]] {
    var scenario: Scenario
    do {
      scenario = try Scenario(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw CLIError(error.description)
    }
    let (world, _) = try loadWorld(file: scenario.world.path, venue: scenario.venue.path)
    let map = try radioMap(for: scenario, plans: world.plans)
    let first = scenario.seed
    let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    var result: [String: [[Instant]]] = [:]
    for k in 0..<seeds {
      scenario.seed = first &+ UInt64(k)
      let walk: SimulatedWalk
      do {
        walk = try scenario.simulate(in: world)
      } catch {
        throw CLIError("\(file): \(error)")
      }
      let input = ReplayInput(scenario: scenario, walk: walk)
      let truth = input.truth.map(TruthPoint.init)
      for kind in LocalizerKind.allCases {
        var replay = Replayer(walk: input, plans: world.plans, map: map, kind: kind)
        replay.settings = scenario.localizer.filterSettings
        replay.fixRate = scenario.localizer.fixRate
        var fixes: [FixPoint] = []
        var lines: [String] = []
        _ = try replay.run(
          withTruth: streams != nil, emit: { line, _ in if streams != nil { lines.append(line) } },
          onFix: { fix in
            let plan = world.plans.plans[fix.plan]
            fixes.append(
              FixPoint(
                t: fix.t, ordinal: plan.ordinal, position: fix.position,
                unit: fix.unit.map { plan.units[$0].id }, accuracy: fix.accuracy))
          })
        if let streams {
          let path = URL(fileURLWithPath: streams)
            .appendingPathComponent("\(name)-seed\(scenario.seed)-\(kind.rawValue).ndjson")
          try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: path, options: .atomic)
        }
        result[kind.rawValue, default: []].append(
          Scorer().instants(truth: truth, fixes: fixes))
      }
    }
    return result
  }
}

/// A progress bar on standard error: redrawn in place on a terminal, a line per step otherwise.
final class SuiteProgress: Sendable {
  let total: Int
  let done = Mutex(0)
  let terminal = isatty(STDERR_FILENO) != 0

  init(total: Int) {
    self.total = total
    draw(0, "")
  }

  func step(_ name: String) {
    let count = done.withLock { n -> Int in
      n += 1
      return n
    }
    draw(count, name)
  }

  func draw(_ count: Int, _ name: String) {
    let width = 30
    let filled = total > 0 ? width * count / total : width
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    let text = "suite [\(bar)] \(count)/\(total) scenarios \(name)"
    if terminal {
      printError("\r\u{1B}[K" + text, terminator: "")
    } else if count > 0 {
      printError(text)
    }
  }

  func finish() {
    if terminal { printError("") }
  }
}
