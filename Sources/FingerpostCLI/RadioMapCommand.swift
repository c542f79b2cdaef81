import ArgumentParser
import Fingerprints
import Foundation
import Geometry

/// `fingerpost radiomap info|export`.
struct RadioMapCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "radiomap", abstract: "Inspect and export radio maps.",
    subcommands: [RadioMapInfo.self, RadioMapExport.self])
}

/// Loads a radio map or fails with the file's message.
func loadRadioMap(_ path: String) throws -> RadioMap {
  do {
    return try RadioMapFile.read(URL(fileURLWithPath: path))
  } catch let error as RadioMapFileError {
    throw CLIError(error.description)
  } catch {
    throw CLIError("\(path): cannot be read (\(error.localizedDescription))")
  }
}

/// `fingerpost radiomap info MAP`.
struct RadioMapInfo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Summarise a radio map.")

  @Argument(help: "A radio map file.")
  var map: String

  func run() throws {
    print(try render())
  }

  func render() throws -> String {
    let start = Date()
    let radioMap = try loadRadioMap(map)
    let loaded = Date().timeIntervalSince(start)
    var lines = [
      "\(map): radio map format \(RadioMap.formatVersion), loaded in \((loaded * 1000).formatted(decimals: 1)) ms",
      "  frame       "
        + (radioMap.frame ?? radioMap.origin.map { "venue frame about \($0)" } ?? "unknown"),
      "  built from  " + radioMap.sources.joined(separator: ", "),
      "  APs         \(radioMap.bssids.count)",
      "  levels      \(radioMap.levels.count)",
    ]
    for level in radioMap.levels {
      let inside = level.inside.count { $0 }
      let scans = level.points.reduce(0) { $0 + $1.scans }
      lines.append(
        "    \(level.label): \(level.columns)×\(level.rows) cells of \(level.spacing.formatted(decimals: 1)) m "
          + "(\(inside) mapped), \(level.accessPoints.count) APs, \(level.points.count) survey points, \(scans) scans"
      )
    }
    return lines.joined(separator: "\n")
  }
}

/// `fingerpost radiomap export MAP --level L --ap BSSID`: one AP's grid as CSV and GeoJSON.
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
    let radioMap = try loadRadioMap(map)
    let matches = radioMap.levels.indices.filter {
      radioMap.levels[$0].ordinal == level
        && (building == nil || radioMap.levels[$0].building == building)
    }
    guard matches.count == 1 else {
      throw CLIError(
        matches.isEmpty
          ? "no level with ordinal \(level)"
          : "ordinal \(level) is on several buildings: give --building")
    }
    let l = radioMap.levels[matches[0]]
    guard let a = radioMap.bssidIndex[ap.lowercased()], let j = l.accessPoints.firstIndex(of: a)
    else {
      throw CLIError("AP \(ap) is not in the map on \(l.label)")
    }
    var csv = "x,y,mean_dbm,spread_db,detection\n"
    var features: [String] = []
    let frame = radioMap.origin.flatMap { radioMap.frame == nil ? LocalFrame(origin: $0) : nil }
    for cell in l.inside.indices where l.inside[cell] {
      let c = l.center(of: cell)
      let mean = l.expectedRSSI(cell: cell, slot: j)
      let spread = l.spread(cell: cell, slot: j, measurementSigma: radioMap.measurementSigma)
      let detection = l.detectionProbability(cell: cell, slot: j)
      csv +=
        "\(c.x.formatted(decimals: 2)),\(c.y.formatted(decimals: 2)),\(mean.formatted(decimals: 1)),"
        + "\(spread.formatted(decimals: 2)),\(detection.formatted(decimals: 3))\n"
      guard let frame else { continue }
      let h = l.spacing / 2
      let ring = [(-h, -h), (h, -h), (h, h), (-h, h), (-h, -h)].map {
        frame.coordinate(for: Point(x: c.x + $0.0, y: c.y + $0.1))
      }
      let coordinates = ring.map { "[\($0.longitude),\($0.latitude)]" }.joined(separator: ",")
      features.append(
        "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[\(coordinates)]]},"
          + "\"properties\":{\"mean_dbm\":\(mean.formatted(decimals: 1)),\"spread_db\":\(spread.formatted(decimals: 2)),"
          + "\"detection\":\(detection.formatted(decimals: 3))}}"
      )
    }
    try Data(csv.utf8).write(to: URL(fileURLWithPath: output + ".csv"), options: .atomic)
    print("wrote \(output).csv")
    if frame != nil {
      let geojson =
        "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n")
        + "\n]}\n"
      try Data(geojson.utf8).write(to: URL(fileURLWithPath: output + ".geojson"), options: .atomic)
      print("wrote \(output).geojson")
    } else {
      print("no GeoJSON: the map's frame (\(radioMap.frame ?? "unknown")) has no WGS84 origin")
    }
  }
}
