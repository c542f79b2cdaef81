import ArgumentParser
import FingerpostCore
import Foundation
import Workflows

/// `fingerpost export-track`: truth and fixes as GeoJSON for GIS tools, geojson.io or MapKit.
struct ExportTrackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-track",
    abstract: "Write a walk's truth and fixes as GeoJSON (lon/lat, with ordinal and unit).",
    discussion: """
      One LineString per stretch on one floor for the truth and for the fixes (properties: \
      track, ordinal, t_start, t_end), and a Point per fix (t, ordinal, level_id, unit_id, \
      unit_name, accuracy_m). Positions come from x/y in the stream's frame (its meta origin).
      """)

  @Argument(help: "Event streams holding truth and/or fixes (- for standard input).")
  var files: [String] = ["-"]

  @Option(name: .shortAndLong, help: "The GeoJSON file to write (- for standard output).")
  var output: String = "-"

  func run() throws {
    let streams = try files.map { path throws(FingerpostError) in try StreamFile(path: path) }
    for error in streams.flatMap(\.skipped) { printError("\(error) (skipped)") }
    try FileAccess.write(try TrackExport.geojson(streams), to: output)
    if output != "-" {
      printError(
        "wrote \(output): \(streams.reduce(0) { $0 + $1.truth.count }) truth points, "
          + "\(streams.reduce(0) { $0 + $1.fixes.count }) fixes")
    }
  }
}
