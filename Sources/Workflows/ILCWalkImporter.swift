import EventStream
import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Motion

/// Microsoft ILC 2.0 path files as recorded walks: the waypoints as truth (every 0.5 s between
/// them, each waypoint a checkpoint), steps from the phone's own accelerometer, gyroscope and
/// rotation vector (`PedestrianDeadReckoning`), and the Wi-Fi scans with stale entries dropped.
/// Positions are written in the site's frame (`ILCFloorFrame.siteOrigin`), the frame
/// `venue import --format ilc` gives the venue; times in seconds from the file's start.
public struct ILCWalkImporter: Sendable {
  /// Seconds between truth samples.
  public var truthInterval = 0.5
  /// The dead reckoning that turns the inertial log into steps.
  public var deadReckoning = PedestrianDeadReckoning()

  /// An importer with the default settings.
  public init() {}

  static let inertialTypes: Set<String> = [
    "TYPE_ACCELEROMETER", "TYPE_GYROSCOPE", "TYPE_ROTATION_VECTOR",
  ]

  /// Imports the path file at `path`; its floor folder (the parent of `path_data_files`) must
  /// hold `floor_info.json` and `geojson_map.json`.
  public func importFile(_ path: String) throws(FingerpostError) -> ImportedWalk {
    let url = URL(fileURLWithPath: path)
    let floorFolder = url.deletingLastPathComponent().deletingLastPathComponent()
    let floor: ILCFloorFrame
    let origin: GeoCoordinate
    do {
      floor = try ILCFloorFrame(floorFolder: floorFolder)
      origin = try ILCFloorFrame.siteOrigin(floorFolder: floorFolder)
    } catch {
      throw FingerpostError(
        error.kind, file: error.file ?? floorFolder.path, line: error.line, field: error.field,
        "\(error.message): floor_info.json and geojson_map.json are needed to place "
          + url.lastPathComponent)
    }
    let recording = ILCPathFile(
      data: try FileAccess.read(path), file: path, sensorTypes: Self.inertialTypes)
    return try walk(recording, floor: floor, origin: origin)
  }

  /// The walk of a parsed path file whose image metres `floor` places, in the frame at `origin`.
  public func walk(_ recording: ILCPathFile, floor: ILCFloorFrame, origin: GeoCoordinate)
    throws(FingerpostError) -> ImportedWalk
  {
    let file = recording.file
    guard let floorName = recording.floorName,
      let ordinal = ILCPathImporter.ordinal(floorName: floorName)
    else {
      throw FingerpostError(
        .missingField, file: file, line: 2, field: "FloorName",
        "the header names no floor this importer knows (B1, F1, 1F, L2 …)")
    }
    let start = recording.startTime ?? 0
    func seconds(_ ms: Int64) -> Double { Double(ms - start) / 1000 }
    let frame = LocalFrame(origin: origin)
    var problems = recording.problems
    // Truth: the waypoints, carried into the site frame.
    let waypoints = recording.waypoints.map {
      (t: seconds($0.t), point: frame.point(for: floor.coordinate(for: $0.point)))
    }
    if waypoints.isEmpty {
      problems.append(
        SurveyProblem(
          file: file, line: 0, message: "no TYPE_WAYPOINT: the walk has no ground truth",
          skippedLine: false))
    }
    let truth = TruthSample.track(
      through: waypoints.map { ($0.t, ordinal, $0.point) }, interval: truthInterval)
    // Steps from the inertial log.
    func samples(_ type: String) -> [InertialSample] {
      (recording.sensors[type] ?? []).map {
        // The fourth number of an ILC rotation vector is its accuracy, not the scalar part.
        InertialSample(t: seconds($0.t), x: $0.values[0], y: $0.values[1], z: $0.values[2])
      }
    }
    let log = InertialLog(
      accelerometer: samples("TYPE_ACCELEROMETER"), gyroscope: samples("TYPE_GYROSCOPE"),
      rotationVector: samples("TYPE_ROTATION_VECTOR"))
    for (type, list) in [
      ("TYPE_ACCELEROMETER", log.accelerometer), ("TYPE_ROTATION_VECTOR", log.rotationVector),
    ] where list.isEmpty {
      problems.append(
        SurveyProblem(
          file: file, line: 0, message: "no \(type): the walk has no steps", skippedLine: false))
    }
    let steps = deadReckoning.steps(log)
    // Scans.
    let (entries, stale) = recording.scans()
    let scans = entries.filter { !$0.readings.isEmpty }.map {
      Scan(time: seconds($0.t), device: recording.device, readings: $0.readings)
    }
    return ImportedWalk(
      file: file, format: "ilc", truth: truth, steps: steps, scans: scans, pressures: [],
      origin: origin, ordinal: ordinal, staleEntries: stale, problems: problems,
      check: DeadReckoningCheck(steps: steps, waypoints: waypoints))
  }
}
