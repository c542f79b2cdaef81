import FingerpostCore
import Foundation
import Geometry

/// GetSensorData logs of one IPIN site stitched into one survey: each scan placed between the
/// landmarks (`POSI`) around it, linear in time (scans before the first landmark or after the
/// last are dropped), on the floor of the nearer one in time; every position in one local frame
/// for the whole site.
public struct IPINSiteImporter: Sendable {
  /// What an import made.
  public struct Result: Sendable {
    /// The survey, with a header.
    public var survey: SurveyFile
    /// Logs read.
    public var logs = 0
    /// Wi-Fi entries dropped as stale (seen no later than the previous scan).
    public var staleEntries = 0
    /// Scans dropped because they fall outside the span of the landmarks.
    public var outsideLandmarks = 0
  }

  /// The origin of the frame, WGS84; nil: `origin(of:)` of the logs imported.
  public var origin: GeoCoordinate?

  /// An importer into the frame at `origin` (else the logs' own, `origin(of:)`).
  public init(origin: GeoCoordinate? = nil) {
    self.origin = origin
  }

  /// The site frame's origin for `logs`: the smallest latitude and longitude of their
  /// landmarks, as the IPIN organisers' scorer converts lat/lon to metres; nil without landmarks.
  public static func origin(of logs: [IPINLogFile]) -> GeoCoordinate? {
    let all = logs.flatMap(\.landmarks).map(\.coordinate)
    guard let lat = all.map(\.latitude).min(), let lon = all.map(\.longitude).min() else {
      return nil
    }
    return GeoCoordinate(longitude: lon, latitude: lat)
  }

  /// Imports `paths`: logs, or folders whose `*.txt` files are logs.
  public func importPaths(_ paths: [String]) throws(FingerpostError) -> Result {
    let files = try FileAccess.files(in: paths, withExtension: "txt")
    var logs: [IPINLogFile] = []
    for file in files { logs.append(IPINLogFile(data: try FileAccess.read(file), file: file)) }
    return importLogs(logs)
  }

  /// The survey of parsed `logs`.
  public func importLogs(_ logs: [IPINLogFile]) -> Result {
    var result = Result(survey: SurveyFile(records: []), logs: logs.count)
    let origin = origin ?? Self.origin(of: logs)
    let frame = origin.map(LocalFrame.init(origin:))
    for log in logs {
      result.survey.problems += log.problems
      let name = URL(fileURLWithPath: log.file).deletingPathExtension().lastPathComponent
      guard let frame, !log.landmarks.isEmpty else {
        result.survey.problems.append(
          SurveyProblem(
            file: log.file, line: 0, message: "no POSI landmarks: no scan can be placed",
            skippedLine: false))
        continue
      }
      let (scans, stale) = log.scans()
      result.staleEntries += stale
      for scan in scans where !scan.readings.isEmpty {
        guard let place = Self.place(at: scan.t, between: log.landmarks, frame: frame) else {
          result.outsideLandmarks += 1
          continue
        }
        result.survey.records.append(
          SurveyRecord(
            scan: Scan(time: scan.t, device: "\(log.device) \(name)", readings: scan.readings),
            ordinal: place.ordinal, building: place.building, position: place.point))
      }
    }
    result.survey.header = SurveyHeader(
      venue: "IPIN site", origin: origin, source: "GetSensorData logs (IPIN)")
    return result
  }

  /// Where the walker was at `t` between `landmarks` (time order), in `frame`: linear between the
  /// two around `t`, on the floor of the nearer in time; nil outside their span.
  public static func place(
    at t: Double, between landmarks: [IPINLogFile.Landmark], frame: LocalFrame
  )
    -> (point: Point, ordinal: Int, building: String)?
  {
    guard
      let (i, j, share) = TruthSample.bracket(
        count: landmarks.count, at: t, time: { landmarks[$0].t })
    else { return nil }
    let (a, b) = (landmarks[i], landmarks[j])
    let pa = frame.point(for: a.coordinate)
    let nearer = TruthSample.onFirstFloor(share: share) ? a : b
    return (
      pa.interpolated(to: frame.point(for: b.coordinate), at: share), nearer.floor, nearer.building
    )
  }
}
