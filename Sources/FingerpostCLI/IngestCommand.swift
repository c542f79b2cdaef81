import ArgumentParser
import Fingerprints
import Foundation
import Geometry
import Workflows

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

  @OptionGroup var usage: UsageOptions

  func run() throws {
    defer { usage.report("ingest") }
    var ingest = Ingest(surveys: surveys, venuePath: venue)
    ingest.grid = grid
    ingest.lengthScale = lengthScale
    let start = Date()
    // Progress on a terminal only: a log or pipe gets the summary line alone.
    let interactive = isatty(STDERR_FILENO) == 1
    let result = try ingest.run { done, all in
      guard interactive else { return }
      printError("\rbuilding levels: \(done)/\(all)", terminator: done == all ? "\n" : "")
    }
    for warning in result.warnings { printError("warning: \(warning)") }
    try RadioMapFile.write(result.map, to: URL(fileURLWithPath: output))
    let seconds = Date().timeIntervalSince(start)
    print(
      "wrote \(output): \(result.map.levels.count) level(s), \(result.map.bssids.count) APs, \(result.report.used) scans, \(seconds.formatted(decimals: 2)) s"
    )
  }
}
