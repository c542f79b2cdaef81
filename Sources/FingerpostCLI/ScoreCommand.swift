import ArgumentParser
import FingerpostCore
import Foundation
import Scoring
import Workflows

/// `fingerpost score`: fixes against truth, with the field's metrics.
struct ScoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "score",
    abstract: "Score fixes against truth (IPIN/EvAAL, Microsoft ILC and more).",
    discussion: """
      Reads truth and fix records from one event stream, from two (TRUTH FIXES), or the fixes \
      from standard input with --truth FILE:

        fingerpost replay S.yaml --with-truth | fingerpost score -
        fingerpost replay S.yaml | fingerpost score --truth truth.ndjson

      Scores at 2 Hz instants of truth time with the latest fix at or before each (causal). \
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
    let paths = truth.map { [$0, files.first ?? "-"] } ?? (files.isEmpty ? ["-"] : files)
    let sources = try paths.map { path throws(FingerpostError) in try StreamFile(path: path) }
    let score = try StreamScore.score(
      sources, venuePath: venue, percentiles: hazen ? .hazen : .linear)
    print(json ? try score.json() : markdown ? score.markdown : score.table)
    let skipped = sources.flatMap(\.skipped)
    for error in skipped.prefix(10) { printError("\(error) (skipped)") }
    if !skipped.isEmpty { printError("\(skipped.count) unreadable lines skipped") }
  }
}
