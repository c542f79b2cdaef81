import FingerpostCore
import Foundation
import Geometry
import JSON

/// A survey file: NDJSON, one JSON object a line, so a recording can be appended to for hours and
/// a crash loses at most its last line.
///
/// ```
/// {"type":"survey","version":1,"venue":"office","origin":[24.9389404,60.1701019],"source":"…"}
/// {"type":"scan","t":0,"device":"surveyor","ordinal":0,"level":"5e4…","x":-25,"y":-16.5,"readings":[["02:fb:00:00:0b:24",-67,2437],["02:fb:00:00:00:50",-69,5180]]}
/// ```
///
/// Scan lines carry `t` (seconds), `device`, the level as `ordinal` and/or `level` (IMDF id),
/// an optional `building`, the position as `x`/`y` (metres in the venue frame) or `lon`/`lat`,
/// and `readings` as `[bssid, rssi_dBm]` or `[bssid, rssi_dBm, frequency_MHz]`.
public struct SurveyFile: Sendable {
  /// The header line, when the file has one.
  public var header: SurveyHeader?
  /// The scans, in file order.
  public var records: [SurveyRecord]
  /// Lines skipped and readings dropped, with file and line.
  public var problems: [SurveyProblem]
  /// The line number of each of `records` in the text parsed (empty for a survey made in
  /// memory).
  public var recordLines: [Int] = []

  /// Creates a survey in memory.
  public init(header: SurveyHeader? = nil, records: [SurveyRecord], problems: [SurveyProblem] = [])
  {
    self.header = header
    self.records = records
    self.problems = problems
  }

  /// Reads a survey file; bad lines are reported in `problems`, never fatal.
  public init(contentsOf url: URL) throws(FingerpostError) {
    self = Self.parse(try FileAccess.read(url.path), file: url.path)
  }

  /// Parses survey text.
  public static func parse(_ data: Data, file: String) -> SurveyFile {
    // Lines are parsed in chunks on the machine's cores and joined in file order.
    let lines = data.lineRanges
    let chunkCount = min(max(lines.count / 2_000, 1), 32)
    let parts = concurrentMap(chunkCount) { k in
      let first = lines.count * k / chunkCount
      return parse(data, lines: lines[first..<lines.count * (k + 1) / chunkCount], file: file)
    }
    var survey = SurveyFile(records: [])
    survey.records.reserveCapacity(parts.reduce(0) { $0 + $1.records.count })
    for part in parts {
      survey.header = part.header ?? survey.header
      survey.records += part.records
      survey.recordLines += part.recordLines
      survey.problems += part.problems
    }
    return survey
  }

  /// Parses the lines of `data` at `lines` (their positions in the file give their numbers).
  private static func parse(_ data: Data, lines: ArraySlice<Range<Int>>, file: String)
    -> SurveyFile
  {
    var survey = SurveyFile(records: [])
    for (index, range) in zip(lines.indices, lines) {
      let lineNumber = index + 1
      let line = data[range]
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      func skip(_ message: String) {
        survey.problems.append(
          SurveyProblem(file: file, line: lineNumber, message: message, skippedLine: true))
      }
      guard String(validating: line, as: UTF8.self) != nil else {
        skip("not UTF-8 text; line skipped")
        continue
      }
      let json: JSONValue
      do {
        json = try JSONParser.parse([UInt8](line))
      } catch {
        skip("not JSON (column \(error.column): \(error.reason)); line skipped")
        continue
      }
      switch json["type"]?.stringValue {
      case "survey":
        let version = json["version"]?.intValue ?? 0
        guard version == SurveyHeader.currentVersion else {
          skip(
            "survey format version \(version) is not \(SurveyHeader.currentVersion); header ignored"
          )
          continue
        }
        survey.header = SurveyHeader(
          version: version, venue: json["venue"]?.stringValue, origin: coordinate(json["origin"]),
          source: json["source"]?.stringValue, frame: json["frame"]?.stringValue)
      case "scan":
        switch record(json, line: lineNumber, file: file) {
        case .success(let (record, dropped)):
          survey.records.append(record)
          survey.recordLines.append(lineNumber)
          survey.problems += dropped
        case .failure(let problem):
          survey.problems.append(problem)
        }
      default:
        skip("\"type\" must be \"survey\" or \"scan\"; line skipped")
      }
    }
    return survey
  }

  private static func coordinate(_ v: JSONValue?) -> GeoCoordinate? {
    guard let a = v?.arrayValue, a.count == 2, let lon = a[0].doubleValue,
      let lat = a[1].doubleValue
    else { return nil }
    return GeoCoordinate(longitude: lon, latitude: lat)
  }

  private static func record(_ json: JSONValue, line: Int, file: String) -> Result<
    (SurveyRecord, [SurveyProblem]), SurveyProblem
  > {
    func fail(_ message: String) -> Result<(SurveyRecord, [SurveyProblem]), SurveyProblem> {
      .failure(
        SurveyProblem(
          file: file, line: line, message: message + "; line skipped", skippedLine: true))
    }
    guard let t = json["t"]?.doubleValue, t.isFinite else { return fail("scan has no time \"t\"") }
    guard let items = json["readings"]?.arrayValue else {
      return fail("scan has no \"readings\" array")
    }
    var readings: [Reading] = []
    var dropped: [SurveyProblem] = []
    for item in items {
      guard let parts = item.arrayValue, parts.count >= 2, let bssid = parts[0].stringValue else {
        dropped.append(
          SurveyProblem(
            file: file, line: line, message: "reading is not [bssid, rssi]; dropped",
            skippedLine: false))
        continue
      }
      guard let rssi = parts[1].doubleValue, Reading.plausibleRSSI.contains(rssi) else {
        dropped.append(
          SurveyProblem(
            file: file, line: line, message: "RSSI of \(bssid) out of range (−120…0 dBm); dropped",
            skippedLine: false))
        continue
      }
      readings.append(
        Reading(bssid: bssid, rssi: rssi, frequency: parts.count > 2 ? parts[2].intValue : nil))
    }
    var record = SurveyRecord(
      scan: Scan(time: t, device: json["device"]?.stringValue ?? "unknown", readings: readings),
      ordinal: json["ordinal"]?.intValue, levelID: json["level"]?.stringValue,
      building: json["building"]?.stringValue, id: json["id"]?.stringValue)
    if let x = json["x"]?.doubleValue, let y = json["y"]?.doubleValue {
      guard x.isFinite, y.isFinite else { return fail("position is not finite") }
      record.position = Point(x: x, y: y)
    } else if let lon = json["lon"]?.doubleValue, let lat = json["lat"]?.doubleValue {
      record.coordinate = GeoCoordinate(longitude: lon, latitude: lat)
    } else {
      return fail("scan has no position (x/y or lon/lat)")
    }
    guard record.ordinal != nil || record.levelID != nil else {
      return fail("scan has no level (ordinal or level)")
    }
    if let problem = record.rangeProblem { return fail(problem) }
    return .success((record, dropped))
  }
}
