import FingerpostCore
import Foundation
import Replay
import Scoring
import Simulation

/// Every scenario of a folder walked with several seeds, replayed by every localizer and scored:
/// the scoreboard that `fingerpost suite` prints and `make test` guards.
public struct Suite: Sendable {
  /// The folder of scenario files (`*.yaml`, `*.yml`, `*.json`).
  public var folder: String
  /// Walks per scenario: its seed and the next ones.
  public var seeds = 3
  /// A folder to write every walk's truth and fixes into as event streams, if any.
  public var streams: String?
  /// Scenarios walked in parallel (default: the processor count).
  public var jobs: Int?

  /// A suite over the scenarios of `folder`.
  public init(folder: String) {
    self.folder = folder
  }

  /// The scenario files of the folder, sorted by name.
  public func scenarioFiles() throws(FingerpostError) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw FingerpostError(
        .unreadable, file: folder, "cannot be read (\(error.localizedDescription))")
    }
    let files = names.filter {
      ["yaml", "yml", "json"].contains(URL(fileURLWithPath: $0).pathExtension)
    }
    .sorted().map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    guard !files.isEmpty else {
      throw FingerpostError(.noData, file: folder, "no scenario files (*.yaml)")
    }
    return files
  }

  /// Walks, replays and scores every scenario; `progress` hears (scenarios done, total, the
  /// file just finished) from the worker that finished it.
  public func run(progress: @Sendable (Int, Int, String) -> Void = { _, _, _ in })
    throws(FingerpostError) -> Scoreboard
  {
    let files = try scenarioFiles()
    if let streams { try FileAccess.createDirectory(streams) }
    let walks = try walkAll(files, progress: progress)
    let bootstrap = Bootstrap()
    let generator = try Bootstrap.generator()
    var rows: [Scoreboard.Row] = []
    for (file, byLocalizer) in zip(files, walks) {
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      for kind in LocalizerKind.suite {
        guard let instants = byLocalizer[kind.rawValue] else { continue }
        rows.append(
          Scoreboard.row(
            scenario: name, localizer: kind.rawValue, walks: instants, bootstrap: bootstrap,
            draw: { (try? generator.uniformInt(below: $0)) ?? 0 }))
      }
    }
    return Scoreboard(seeds: seeds, resamples: bootstrap.resamples, rows: rows)
  }

  /// Every scenario's walks, in parallel: per scenario, per localizer, each walk's instants.
  func walkAll(_ files: [String], progress: @Sendable (Int, Int, String) -> Void)
    throws(FingerpostError) -> [[String: [[Instant]]]]
  {
    let (seeds, streams) = (self.seeds, self.streams)
    return try runJobs(
      files.count, workers: jobs,
      finished: { done, index in
        progress(done, files.count, URL(fileURLWithPath: files[index]).lastPathComponent)
      }
    ) { index throws(FingerpostError) in
      try Self.walk(files[index], seeds: seeds, streams: streams)
    }
  }

  /// One scenario walked `seeds` times and replayed by each localizer.
  static func walk(_ file: String, seeds: Int, streams: String?) throws(FingerpostError)
    -> [String: [[Instant]]]
  {
    let first = try ScenarioRun(file: file)
    let map = try Scenario.RadioMapSource.load(for: first.scenario, plans: first.world.plans)
    let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    var result: [String: [[Instant]]] = [:]
    for k in 0..<seeds {
      var scenario = first.scenario
      scenario.seed = first.scenario.seed &+ UInt64(k)
      let run = k == 0 ? first : try ScenarioRun(scenario: scenario, world: first.world)
      for kind in LocalizerKind.suite {
        let replay = try Replayer(run: run, kind: kind, map: map)
        var fixes: [Fix] = []
        var lines: [String] = []
        do {
          _ = try replay.run(
            withTruth: streams != nil,
            emit: { line, _ in if streams != nil { lines.append(line) } },
            onFix: { fixes.append($0) })
        } catch let error as FingerpostError {
          throw error.inFile(file)
        } catch {
          throw FingerpostError(.invalidValue, file: file, "\(error)")
        }
        if let streams {
          let path = URL(fileURLWithPath: streams)
            .appendingPathComponent("\(name)-seed\(scenario.seed)-\(kind.rawValue).ndjson").path
          try FileAccess.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: path)
        }
        result[kind.rawValue, default: []].append(
          Scorer().instants(truth: replay.walk.truth, fixes: fixes))
      }
    }
    return result
  }
}
