import ArgumentParser
import Fingerprints
import Foundation
import Workflows

/// `fingerpost survey …`: simulate and inspect site surveys.
struct SurveyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "survey",
    abstract: "Simulate and inspect Wi-Fi site surveys.",
    subcommands: [SurveySimulate.self, SurveyImport.self, SurveyInfo.self]
  )
}

/// `fingerpost survey simulate --world W -o FILE`: walk every walkable unit, recording scans.
struct SurveySimulate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Simulate a site survey of a venue in a radio world.")

  @Option(help: "The radio world file (YAML).")
  var world: String

  @Option(help: "The IMDF venue (default: the one the world file names).")
  var venue: String?

  @Option(help: "Metres between survey stops.")
  var spacing = 2.0

  @Option(help: "Scans recorded at each stop.")
  var scansPerStop = 2

  @Option(help: "Seed of the surveyor's device and scan noise.")
  var seed: UInt64 = 1

  @Option(
    help: "Instead of a survey walk: single scans at this many random walkable points (a test set)."
  )
  var randomPoints: Int?

  @Option(
    help:
      "Instead of a survey walk: one scan where and when each scan of this survey file was taken (a real survey's coverage in the simulated world)."
  )
  var at: String?

  @Option(name: .shortAndLong, help: "The survey file to write (NDJSON).")
  var output: String

  func validate() throws {
    guard spacing >= 0.25, spacing <= 50 else {
      throw ValidationError("--spacing must be between 0.25 and 50 metres")
    }
    guard at == nil || randomPoints == nil else {
      throw ValidationError("--at and --random-points are two kinds of survey: give one")
    }
    guard (1...20).contains(scansPerStop) else {
      throw ValidationError("--scans-per-stop must be between 1 and 20")
    }
  }

  @OptionGroup var usage: UsageOptions

  func run() throws {
    defer { usage.report("survey simulate") }
    var simulation = SurveySimulation(worldFile: world)
    simulation.venuePath = venue
    simulation.spacing = spacing
    simulation.scansPerStop = scansPerStop
    simulation.seed = seed
    simulation.randomPoints = randomPoints
    simulation.stopsFrom = at
    let (header, scans) = try simulation.write(to: output)
    print("wrote \(scans) scans of \(header.venue ?? "?") to \(output)")
  }
}

struct SurveyInfo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Summarise a survey file and report its bad lines.")

  @Argument(help: "A survey file (NDJSON).")
  var file: String

  func run() throws {
    print(try render())
  }

  func render() throws -> String {
    SurveySummary(survey: try SurveyFile(contentsOf: URL(fileURLWithPath: file)), file: file).text
  }
}
