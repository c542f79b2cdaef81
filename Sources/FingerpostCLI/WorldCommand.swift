import ArgumentParser
import FingerpostCore
import Foundation
import Radio
import Workflows

/// `fingerpost world …`: radio worlds for the simulator.
struct WorldCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "world",
    abstract: "Radio worlds for the simulator.",
    subcommands: [WorldFitCommand.self]
  )
}

/// `fingerpost world fit SURVEYS… --venue V -o WORLD`: fit a world to a real survey.
struct WorldFitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fit",
    abstract:
      "Fit a radio world (AP positions and powers, path loss, walls, floors, shadowing, fading, detection) to a real survey."
  )

  @Argument(help: "Survey files (NDJSON).")
  var surveys: [String]

  @Option(help: "The IMDF venue the surveys were made in.")
  var venue: String

  @Option(
    help:
      "Surveyed AP positions: a CSV of bssid,level,x,y (level: IMDF id or ordinal; metres); the others are estimated."
  )
  var accessPoints: String?

  @Option(name: .shortAndLong, help: "The world file (YAML) to write.")
  var output: String

  @Option(help: "Write the estimated APs as GeoJSON points here.")
  var geojson: String?

  @Option(help: "Seed of the held-out blocks and the resampling.")
  var seed: UInt64 = 1

  @Option(help: "Share of blocks of survey held out to measure the fit.")
  var heldOut = 0.2

  @Option(
    help:
      "Side of the square blocks held out together, metres: how far from the fitted survey the fit is measured."
  )
  var block = 8.0

  @Option(help: "Place an AP when heard in at least this many 1 m cells of the training survey.")
  var minimumCells = 10

  @OptionGroup var usage: UsageOptions

  func validate() throws {
    guard heldOut > 0, heldOut < 0.9 else {
      throw ValidationError("--held-out must be above 0 and below 0.9")
    }
    guard block >= 1, block <= 1000 else {
      throw ValidationError("--block must be between 1 and 1000 metres")
    }
    guard minimumCells >= 3 else { throw ValidationError("--minimum-cells must be at least 3") }
  }

  func run() throws {
    defer { usage.report("world fit") }
    var fitting = WorldFitting(surveys: surveys, venuePath: venue)
    fitting.accessPointsPath = accessPoints
    fitting.settings.seed = seed
    fitting.settings.heldOutShare = heldOut
    fitting.settings.block = block
    fitting.settings.minimumCells = minimumCells
    let start = Date()
    let result = try fitting.run()
    for warning in result.warnings { printError("warning: \(warning)") }
    try FileAccess.write(Data(fitting.worldFile(result, output: output).utf8), to: output)
    if let geojson { try FileAccess.write(try WorldFitting.geojson(result), to: geojson) }
    print(result.text(seconds: Date().timeIntervalSince(start)), terminator: "")
    print("wrote \(output)" + (geojson.map { " and \($0)" } ?? ""))
  }
}
