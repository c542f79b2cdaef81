import FingerpostCore
import Foundation
import Geometry

/// Path files of one Microsoft ILC 2.0 site stitched into one survey: each floor folder (the
/// parent of `path_data_files`) aligns its image metres with WGS84 through `floor_info.json` and
/// `geojson_map.json`, and every position is written in one local frame for the whole site.
public struct ILCSiteImporter: Sendable {
  /// What an import made.
  public struct Result: Sendable {
    /// The survey, with a header.
    public var survey: SurveyFile
    /// Path files read.
    public var pathFiles = 0
    /// Wi-Fi entries dropped as stale (last seen before the previous scan).
    public var staleEntries = 0
    /// Scans dropped because they fall outside the span of the waypoints.
    public var outsideWaypoints = 0
  }

  /// Creates an importer.
  public init() {}

  /// Imports `paths`: path files, or folders whose `*.txt` files are path files.
  public func importPaths(_ paths: [String]) throws(FingerpostError) -> Result {
    let files = try FileAccess.files(in: paths, withExtension: "txt").map {
      URL(fileURLWithPath: $0)
    }
    var frames: [String: ILCFloorFrame] = [:]
    var site: LocalFrame?
    var result = Result(survey: SurveyFile(header: nil, records: []), pathFiles: files.count)
    let importer = ILCPathImporter()
    for file in files {
      let folder = file.deletingLastPathComponent().deletingLastPathComponent()
      if frames[folder.path] == nil {
        do {
          frames[folder.path] = try ILCFloorFrame(floorFolder: folder)
        } catch {
          throw FingerpostError(
            error.kind, file: error.file ?? folder.path, line: error.line, field: error.field,
            "\(error.message): floor_info.json and geojson_map.json are needed to align "
              + file.lastPathComponent)
        }
      }
      let floor = frames[folder.path]!
      let frame = site ?? LocalFrame(origin: floor.southWest)
      site = frame
      let imported = try importer.importFile(file)
      result.staleEntries += imported.staleEntries
      result.outsideWaypoints += imported.droppedOutsideWaypoints
      result.survey.problems += imported.problems
      for var record in imported.records {
        record.position = record.position.map { frame.point(for: floor.coordinate(for: $0)) }
        record.scan.device =
          "\(record.scan.device) \(file.deletingPathExtension().lastPathComponent)"
        result.survey.records.append(record)
      }
    }
    result.survey.header = SurveyHeader(
      venue: "ILC site", origin: site?.origin, source: "Microsoft ILC 2.0 path files")
    return result
  }
}
