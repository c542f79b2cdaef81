import ArgumentParser
import FingerpostCore
import Fingerprints
import Foundation
import Workflows

/// `fingerpost radiomap info|export`.
struct RadioMapCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "radiomap", abstract: "Inspect and export radio maps.",
    subcommands: [RadioMapInfo.self, RadioMapExport.self])
}

/// Loads a radio map or fails with the file's message.
struct RadioMapInfo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Summarise a radio map.")

  @Argument(help: "A radio map file.")
  var map: String

  @OptionGroup var usage: UsageOptions

  func run() throws {
    defer { usage.report("radiomap info") }
    print(try render())
  }

  func render() throws -> String {
    let start = Date()
    let radioMap = try RadioMapFile.read(URL(fileURLWithPath: map))
    return RadioMapReport.text(
      radioMap, file: map, loadSeconds: Date().timeIntervalSince(start))
  }
}

struct RadioMapExport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write one AP's grid on one level as CSV and as GeoJSON cells (lon/lat).")

  @Argument(help: "A radio map file.")
  var map: String

  @Option(
    help:
      "The level: its index in `radiomap info`, or ordinal (with --building when ordinals repeat).")
  var level: Int

  @Option(help: "Building label, to pick among levels sharing an ordinal.")
  var building: String?

  @Option(help: "The AP's BSSID.")
  var ap: String

  @Option(
    name: .shortAndLong, help: "Output path without extension: writes PATH.csv and PATH.geojson.")
  var output: String

  func run() throws {
    let radioMap = try RadioMapFile.read(URL(fileURLWithPath: map))
    let grid = try RadioMapReport.grid(radioMap, ordinal: level, building: building, bssid: ap)
    try FileAccess.write(Data(grid.csv.utf8), to: output + ".csv")
    print("wrote \(output).csv")
    if let geojson = grid.geojson {
      try FileAccess.write(Data(geojson.utf8), to: output + ".geojson")
      print("wrote \(output).geojson")
    } else {
      print("no GeoJSON: the map's frame (\(radioMap.frame ?? "unknown")) has no WGS84 position")
    }
  }
}
