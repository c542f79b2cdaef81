import ArgumentParser
import Fingerprints
import Foundation
import Geometry

/// `fingerpost survey import --format ilc|uji FILES… -o OUT`: real recordings into a survey.
struct SurveyImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract:
      "Import real recordings (Microsoft ILC 2.0 path files, UJIIndoorLoc CSV) as a survey file.",
    discussion: """
      ilc: path files of one site; each floor folder (the parent of path_data_files) must hold \
      floor_info.json and geojson_map.json, which align the image metres with WGS84. Positions \
      are written in one local frame for the whole site.
      uji: trainingData.csv or validationData.csv; positions stay in EPSG:3857 metres.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ilc, uji
  }

  @Option(help: "The recording format: ilc or uji.")
  var format: Format

  @Argument(help: "The files to import (ilc: path files or folders of them).")
  var files: [String]

  @Option(name: .shortAndLong, help: "The survey file to write (NDJSON).")
  var output: String

  func run() throws {
    let survey: SurveyFile
    var notes: [String] = []
    switch format {
    case .uji:
      guard files.count == 1 else { throw ValidationError("uji imports one CSV file at a time") }
      survey = try UJIIndoorLocImporter().importFile(URL(fileURLWithPath: files[0]))
    case .ilc:
      (survey, notes) = try importILC()
    }
    try SurveyWriter.write(survey, to: URL(fileURLWithPath: output))
    let dropped = survey.problems.filter { !$0.skippedLine }.count
    print("wrote \(survey.records.count) scans to \(output)")
    for note in notes { print("  \(note)") }
    if !survey.problems.isEmpty {
      print(
        "  \(survey.problems.count - dropped) line(s) skipped, \(dropped) reading(s) dropped; first: \(survey.problems[0])"
      )
    }
  }

  private func importILC() throws -> (SurveyFile, [String]) {
    var paths: [URL] = []
    for file in files {
      let url = URL(fileURLWithPath: file)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        throw CLIError("\(file): no such file or folder")
      }
      if isDirectory.boolValue {
        let inside = try FileManager.default.contentsOfDirectory(atPath: url.path).filter {
          $0.hasSuffix(".txt")
        }.sorted()
        paths += inside.map { url.appendingPathComponent($0) }
      } else {
        paths.append(url)
      }
    }
    var frames: [String: ILCFloorFrame] = [:]
    var site: LocalFrame?
    var survey = SurveyFile(header: nil, records: [])
    var stale = 0
    var outside = 0
    let importer = ILCPathImporter()
    for path in paths {
      let folder = path.deletingLastPathComponent().deletingLastPathComponent()
      if frames[folder.path] == nil {
        do {
          frames[folder.path] = try ILCFloorFrame(floorFolder: folder)
        } catch {
          throw CLIError(
            "\(folder.path): floor_info.json and geojson_map.json are needed to align \(path.lastPathComponent)"
          )
        }
      }
      let floor = frames[folder.path]!
      let frame = site ?? LocalFrame(origin: floor.southWest)
      site = frame
      let result = try importer.importFile(path)
      stale += result.staleEntries
      outside += result.droppedOutsideWaypoints
      survey.problems += result.problems
      for var record in result.records {
        record.position = record.position.map { frame.point(for: floor.coordinate(for: $0)) }
        record.scan.device =
          "\(record.scan.device) \(path.deletingPathExtension().lastPathComponent)"
        survey.records.append(record)
      }
    }
    survey.header = SurveyHeader(
      venue: "ILC site", origin: site?.origin, source: "Microsoft ILC 2.0 path files")
    return (
      survey,
      [
        "\(paths.count) path files, \(stale) stale entries dropped, \(outside) scans outside the waypoints dropped"
      ]
    )
  }
}
