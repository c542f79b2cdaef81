import ArgumentParser
import FingerpostCore
import Foundation
import Scoring
import Synchronization
import Workflows

/// `fingerpost suite DIR`: every scenario through every localizer, scored, on one scoreboard.
struct SuiteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suite",
    abstract: "Replay and score every scenario of a folder with each localizer: the scoreboard.",
    discussion: """
      Each scenario is walked with its own seed and the next ones (--seeds), replayed through \
      the particle filter and both baselines, and scored at 2 Hz. The scoreboard pools each \
      scenario's walks; brackets hold 95 % intervals by block bootstrap (30 s blocks of every \
      walk). With --baseline, the run fails (exit 1) when a headline metric is worse than the \
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
    let baselineBoard = try baseline.map { path throws(FingerpostError) in
      try Scoreboard.read(FileAccess.read(path), file: path)
    }
    var suite = Suite(folder: folder)
    suite.seeds = seeds
    suite.streams = streams
    suite.jobs = jobs
    let progress = ProgressBar(
      command: "suite", total: try suite.scenarioFiles().count, unit: "scenarios")
    let board = try suite.run { done, _, name in progress.draw(done, name) }
    progress.finish()
    print(markdown ? board.markdown : board.table)
    if let json {
      try FileAccess.write(Data(try board.json().utf8), to: json)
      printError("wrote \(json)")
    }
    if let baselineBoard, let path = baseline {
      let regressions = board.regressions(against: baselineBoard, tolerance: tolerance)
      guard regressions.isEmpty else {
        for message in regressions { printError("regression: \(message)") }
        printError("error: \(regressions.count) headline metrics fell behind \(path)")
        throw ExitCode(1)
      }
      printError("no headline metric is worse than \(path) by more than \(Int(tolerance * 100)) %")
    }
  }
}
