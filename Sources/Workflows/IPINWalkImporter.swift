import EventStream
import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Motion

/// GetSensorData logs (the IPIN competitions' smartphone format) as recorded walks: the
/// landmarks (`POSI`) as truth (every 0.5 s between them, each a checkpoint, on the floor of the
/// nearer landmark in time), steps from the phone's accelerometer, gyroscope and orientation
/// (`AHRS`, whose quaternion is Android's rotation vector) by pedestrian dead reckoning, the
/// Wi-Fi scans with stale entries dropped, and the barometer. Times are the app's seconds.
public struct IPINWalkImporter: Sendable {
  /// Seconds between truth samples.
  public var truthInterval = 0.5
  /// The dead reckoning that turns the inertial log into steps.
  public var deadReckoning = PedestrianDeadReckoning()

  /// An importer with the default settings.
  public init() {}

  /// The sensor rows a walk needs.
  public static let inertialTypes: Set<String> = ["ACCE", "GYRO", "AHRS"]

  /// Reads the log at `path`, keeping the sensors a walk needs.
  public static func read(_ path: String) throws(FingerpostError) -> IPINLogFile {
    IPINLogFile(data: try FileAccess.read(path), file: path, sensorTypes: inertialTypes)
  }

  /// The walk of a parsed log, in the frame at `origin`.
  public func walk(_ log: IPINLogFile, origin: GeoCoordinate) -> ImportedWalk {
    let frame = LocalFrame(origin: origin)
    var problems = log.problems
    let checkpoints = log.landmarks.map {
      (t: $0.t, ordinal: $0.floor, point: frame.point(for: $0.coordinate))
    }
    if checkpoints.isEmpty {
      problems.append(
        SurveyProblem(
          file: log.file, line: 0, message: "no POSI: the walk has no ground truth",
          skippedLine: false))
    }
    let truth = TruthSample.track(through: checkpoints, interval: truthInterval)
    func samples(_ type: String) -> [InertialSample] {
      (log.sensors[type] ?? []).map {
        InertialSample(t: $0.t, x: $0.values[0], y: $0.values[1], z: $0.values[2])
      }
    }
    // AHRS: pitch, roll and yaw (degrees), then the rotation vector's x, y and z.
    let rotation = (log.sensors["AHRS"] ?? []).compactMap { row -> InertialSample? in
      guard row.values.count >= 6 else { return nil }
      return InertialSample(t: row.t, x: row.values[3], y: row.values[4], z: row.values[5])
    }
    let inertial = InertialLog(
      accelerometer: samples("ACCE"), gyroscope: samples("GYRO"), rotationVector: rotation)
    for (type, list) in [("ACCE", inertial.accelerometer), ("AHRS", inertial.rotationVector)]
    where list.isEmpty {
      problems.append(
        SurveyProblem(
          file: log.file, line: 0, message: "no \(type) (with a quaternion): the walk has no steps",
          skippedLine: false))
    }
    let steps = deadReckoning.steps(inertial)
    let (entries, stale) = log.scans()
    let scans = entries.filter { !$0.readings.isEmpty }.map {
      Scan(time: $0.t, device: log.device, readings: $0.readings)
    }
    return ImportedWalk(
      file: log.file, format: "ipin", truth: truth, steps: steps, scans: scans,
      pressures: log.pressures, origin: origin, ordinal: checkpoints.first?.ordinal,
      started: log.created, staleEntries: stale, problems: problems,
      check: DeadReckoningCheck(steps: steps, waypoints: checkpoints.map { ($0.t, $0.point) }))
  }
}
