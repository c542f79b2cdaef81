import ArgumentParser
import FingerpostCore
import Fingerprints
import Foundation

/// `fingerpost survey import --format ilc|ipin|uji FILES… -o OUT`: real recordings into a survey.
struct SurveyImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract:
      "Import real recordings (ILC 2.0 path files, IPIN GetSensorData logs, UJIIndoorLoc CSV) as a survey file.",
    discussion: """
      ilc: path files of one site; each floor folder (the parent of path_data_files) must hold \
      floor_info.json and geojson_map.json, which align the image metres with WGS84. Positions \
      are written in one local frame for the whole site. \
      ipin: GetSensorData logs (or folders of them); each scan is placed between the landmarks \
      (POSI) around it, on the floor of the nearer one in time; scans before the first or after \
      the last landmark are dropped. Positions are in the frame at --origin, else at the \
      smallest latitude and longitude of the landmarks (as the IPIN scorer does). \
      uji: trainingData.csv or validationData.csv; positions stay in EPSG:3857 metres.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ilc, ipin, uji
  }

  @Option(help: "The recording format: ilc, ipin or uji.")
  var format: Format

  @Argument(help: "The files to import (ilc, ipin: recordings or folders of them).")
  var files: [String]

  @Option(name: .shortAndLong, help: "The survey file to write (NDJSON).")
  var output: String

  @Option(help: "ipin: the frame's origin, LON,LAT in degrees.")
  var origin: OriginArgument?

  func validate() throws {
    if origin != nil, format != .ipin { throw ValidationError("--origin is for --format ipin") }
    if format == .uji, files.count != 1 {
      throw ValidationError("uji imports one CSV file at a time")
    }
  }

  func run() throws {
    let survey: SurveyFile
    var note: String?
    switch format {
    case .uji:
      survey = try UJIIndoorLocImporter().importFile(URL(fileURLWithPath: files[0]))
    case .ilc:
      let site = try ILCSiteImporter().importPaths(files)
      survey = site.survey
      note =
        "\(site.pathFiles) path files, \(site.staleEntries) stale entries dropped, "
        + "\(site.outsideWaypoints) scans outside the waypoints dropped"
    case .ipin:
      let site = try IPINSiteImporter(origin: origin?.coordinate).importPaths(files)
      survey = site.survey
      note =
        "\(site.logs) logs, \(site.staleEntries) stale entries dropped, "
        + "\(site.outsideLandmarks) scans outside the landmarks dropped; frame origin (lon, lat) "
        + (survey.header?.origin.map { "\($0)" } ?? "none")
    }
    try SurveyWriter.write(survey, to: URL(fileURLWithPath: output))
    let dropped = survey.problems.filter { !$0.skippedLine }.count
    print("wrote \(survey.records.count) scans to \(output)")
    if let note { print("  \(note)") }
    if !survey.problems.isEmpty {
      print(
        "  \(survey.problems.count - dropped) line(s) skipped, \(dropped) reading(s) dropped; first: \(survey.problems[0])"
      )
    }
  }
}
