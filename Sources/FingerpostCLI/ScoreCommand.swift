import ArgumentParser
import EventStream
import FloorPlans
import Foundation
import Geometry
import Scoring

/// `fingerpost score`: fixes against truth, with the field's metrics.
struct ScoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "score",
    abstract: "Score fixes against truth (IPIN/EvAAL, Microsoft ILC and more).",
    discussion: """
      Reads truth and fix records from one event stream, from two (TRUTH FIXES), or the fixes
      from standard input with --truth FILE:
        fingerpost replay S.yaml --with-truth | fingerpost score -
        fingerpost replay S.yaml | fingerpost score --truth truth.ndjson
      Scores at 2 Hz instants of truth time with the latest fix at or before each (causal).
      Unreadable lines are reported with their line number and skipped.
      """)

  @Argument(help: "Event streams: one with truth and fixes, or TRUTH then FIXES (- for stdin).")
  var files: [String] = []

  @Option(help: "The truth stream, when the fixes come from the arguments or standard input.")
  var truth: String?

  @Option(help: "The IMDF venue, for the walkable-space, wall and door metrics.")
  var venue: String?

  @Flag(help: "Percentiles by the Hazen convention (MATLAB's prctile) instead of linear.")
  var hazen = false

  @Flag(help: "Print JSON.")
  var json = false

  @Flag(help: "Print a Markdown table.")
  var markdown = false

  func validate() throws {
    if json && markdown { throw ValidationError("--json and --markdown are exclusive") }
    if files.count > 2 { throw ValidationError("at most two files: TRUTH and FIXES") }
    if truth != nil && files.count > 1 {
      throw ValidationError("with --truth, give at most one fixes file")
    }
  }

  func run() throws {
    var sources: [StreamFile] = []
    if let truth {
      sources = [try StreamFile.read(truth), try StreamFile.read(files.first ?? "-")]
    } else {
      sources = try (files.isEmpty ? ["-"] : files).map(StreamFile.read)
    }
    let names = Set(sources.compactMap(\.venue))
    if names.count > 1 {
      throw CLIError(
        "the streams are for different venues: "
          + sources.map { "\($0.path): \($0.venue ?? "?")" }.joined(separator: ", "))
    }
    let truthPoints = sources[0].truth
    let fixPoints = sources.count > 1 ? sources[1].fixes : sources[0].fixes
    var scoringVenue: FloorPlanScoringVenue?
    if let venue {
      let name = venueName(of: venue)
      if let streamVenue = names.first, streamVenue != name {
        throw CLIError("the streams are for venue '\(streamVenue)', --venue is '\(name)'")
      }
      scoringVenue = FloorPlanScoringVenue(plans: try loadPlans(venue))
    }
    var scorer = Scorer()
    if hazen { scorer.percentiles = .hazen }
    let score: Score
    do {
      score = try scorer.score(truth: truthPoints, fixes: fixPoints, venue: scoringVenue)
    } catch {
      throw CLIError(error.description)
    }
    let bad = sources.reduce(0) { $0 + $1.badLines }
    if json {
      print(try score.json())
    } else {
      print(markdown ? score.markdown : score.table)
    }
    if bad > 0 { printError("\(bad) unreadable lines skipped") }
  }
}

/// Truth and fixes read from an event-stream file (or standard input).
struct StreamFile {
  let path: String
  /// The `meta` record's venue name, if any.
  var venue: String?
  var truth: [TruthPoint] = []
  var fixes: [FixPoint] = []
  var badLines = 0

  /// Reads `path` (`-`: standard input), reporting unreadable lines to standard error.
  static func read(_ path: String) throws -> StreamFile {
    let data: Data
    do {
      data =
        path == "-"
        ? FileHandle.standardInput.readDataToEndOfFile()
        : try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CLIError("\(path): cannot be read (\(error.localizedDescription))")
    }
    var file = StreamFile(path: path)
    let name = path == "-" ? "stdin" : path
    let records = StreamDecoder.records(in: data) { error in
      file.badLines += 1
      if file.badLines <= 10 { printError("\(name):\(error.line): \(error.message) (skipped)") }
    }
    for (_, record) in records {
      switch record {
      case .meta(let meta): file.venue = meta.venue ?? file.venue
      case .truth(let r): file.truth.append(TruthPoint(r))
      case .fix(let r): file.fixes.append(FixPoint(r))
      default: break
      }
    }
    file.truth.sort { $0.t < $1.t }
    file.fixes.sort { $0.t < $1.t }
    return file
  }
}
