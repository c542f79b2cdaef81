import ArgumentParser
import Fingerprints
import FloorPlans
import Foundation
import IMDF

#if canImport(Glibc)
  import Glibc
#endif

/// `fingerpost ingest SURVEYS… [--venue V] -o MAP`: build a radio map from surveys.
struct IngestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ingest",
    abstract:
      "Build a radio map (per level: expected RSSI, spread, detection probability) from surveys.")

  @Argument(help: "Survey files (NDJSON).")
  var surveys: [String]

  @Option(
    help:
      "The IMDF venue the surveys were made in (levels and walkable space); without it, levels come from the surveys' building and floor labels."
  )
  var venue: String?

  @Option(help: "Grid cell size in metres.")
  var grid = 1.0

  @Option(help: "Correlation length of the residual interpolation, metres.")
  var lengthScale = 3.0

  @Option(name: .shortAndLong, help: "The radio map file to write.")
  var output: String

  func validate() throws {
    guard grid >= 0.25, grid <= 20 else {
      throw ValidationError("--grid must be between 0.25 and 20 metres")
    }
    guard lengthScale > 0, lengthScale <= 50 else {
      throw ValidationError("--length-scale must be in (0, 50] metres")
    }
  }

  func run() throws {
    let start = Date()
    let files = try surveys.map {
      (name: URL(fileURLWithPath: $0).lastPathComponent, survey: try readSurvey($0))
    }
    for (_, survey) in files where !survey.problems.isEmpty {
      let skipped = survey.problems.filter(\.skippedLine).count
      printError(
        "warning: \(survey.problems.count - skipped) reading(s) dropped, \(skipped) line(s) skipped; first: \(survey.problems[0])"
      )
    }
    let plans = try venue.map(loadPlans)
    var builder = RadioMapBuilder()
    builder.spacing = grid
    builder.lengthScale = lengthScale
    // Progress on a terminal only: a log or pipe gets the summary line alone.
    let interactive = isatty(STDERR_FILENO) == 1
    let (map, report) = builder.build(surveys: files, plans: plans) { done, all in
      guard interactive else { return }
      printError("\rbuilding levels: \(done)/\(all)", terminator: done == all ? "\n" : "")
    }

    if report.unknownLevel > 0 {
      printError("warning: \(report.unknownLevel) scan(s) name no level of the venue; skipped")
    }
    if report.outsideVenue > 0 {
      printError("warning: \(report.outsideVenue) scan(s) lie outside walkable space; skipped")
    }
    if report.noPosition > 0 {
      printError("warning: \(report.noPosition) scan(s) have no position; skipped")
    }
    try RadioMapFile.write(map, to: URL(fileURLWithPath: output))
    let seconds = Date().timeIntervalSince(start)
    print(
      "wrote \(output): \(map.levels.count) level(s), \(map.bssids.count) APs, \(report.used) scans, \(seconds.formatted(decimals: 2)) s"
    )
  }
}

/// Writes a line to standard error (progress and warnings stay off standard output).
func printError(_ text: String, terminator: String = "\n") {
  FileHandle.standardError.write(Data((text + terminator).utf8))
}
