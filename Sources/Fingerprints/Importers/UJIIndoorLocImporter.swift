import CSV
import FingerpostCore
import Foundation
import Geometry

/// Imports UJIIndoorLoc CSV (training or validation) into survey records.
///
/// Each row is a static capture: 520 `WAPnnn` columns of RSSI in dBm where 100 means not
/// detected (the APs named by `bssid(wap:)`), `LONGITUDE`/`LATITUDE` in EPSG:3857 Web-Mercator metres (kept as x/y, the frame the
/// published results use), `FLOOR` (the ordinal) and `BUILDINGID`.
public struct UJIIndoorLocImporter {
  /// The survey header for imported files: positions are Web-Mercator metres.
  public static let header = SurveyHeader(
    venue: "UJIIndoorLoc", source: "UJIIndoorLoc CSV", frame: MapFrame.webMercatorName)

  /// The BSSID given to column `WAPnnn`. The dataset's APs are anonymous; each becomes the
  /// locally administered MAC address `02:00:00:00:HH:LL` holding its number (WAP037 →
  /// 02:00:00:00:00:25), so that the dataset's scans can be sent where a client sends MAC
  /// addresses (`/v1/geolocate`). A column without a number keeps its name, lowercased.
  public static func bssid(wap column: String) -> String {
    guard let number = UInt16(column.dropFirst(3)) else { return column.lowercased() }
    return "02:00:00:00:" + String(format: "%02x:%02x", number >> 8, number & 0xff)
  }

  /// Creates an importer.
  public init() {}

  /// Imports one CSV file; malformed rows are reported and skipped.
  public func importFile(_ url: URL) throws(FingerpostError) -> SurveyFile {
    try importText(try FileAccess.text(url.path), file: url)
  }

  /// Imports CSV `text`, as if read from `url` (which names it in problems).
  public func importText(_ text: String, file url: URL) throws(FingerpostError) -> SurveyFile {
    let reader: CSVReader
    do {
      reader = try CSVReader(string: text, hasHeaderRow: true)
    } catch {
      throw FingerpostError(.malformed, file: url.path, line: 1, "not CSV (\(error))")
    }
    return try importRows(reader, file: url)
  }

  func importRows(_ reader: CSVReader, file url: URL) throws(FingerpostError) -> SurveyFile {
    guard let names = reader.headerRow else {
      throw FingerpostError(.malformed, file: url.path, line: 1, "no header row")
    }
    let waps = names.enumerated().filter { $0.element.hasPrefix("WAP") }.map {
      ($0.offset, Self.bssid(wap: $0.element))
    }
    func column(_ name: String) throws(FingerpostError) -> Int {
      guard let i = names.firstIndex(of: name) else {
        throw FingerpostError(.missingField, file: url.path, line: 1, field: name, "missing column")
      }
      return i
    }
    let lon = try column("LONGITUDE")
    let lat = try column("LATITUDE")
    let floor = try column("FLOOR")
    let building = try column("BUILDINGID")
    let phone = names.firstIndex(of: "PHONEID")
    let time = names.firstIndex(of: "TIMESTAMP")
    var survey = SurveyFile(header: Self.header, records: [])
    var line = 1
    while let row = reader.next() {
      line += 1
      guard row.count == names.count, let x = Double(row[lon]), let y = Double(row[lat]),
        let ordinal = Int(row[floor])
      else {
        survey.problems.append(
          SurveyProblem(
            file: url.path, line: line,
            message: "row has \(row.count) fields or bad numbers; skipped", skippedLine: true))
        continue
      }
      var readings: [Reading] = []
      for (i, bssid) in waps {
        guard let rssi = Double(row[i]), rssi != 100 else { continue }
        guard Reading.plausibleRSSI.contains(rssi) else {
          survey.problems.append(
            SurveyProblem(
              file: url.path, line: line, message: "\(bssid) RSSI \(row[i]) out of range; dropped",
              skippedLine: false))
          continue
        }
        readings.append(Reading(bssid: bssid, rssi: rssi))
      }
      readings.sort { $0.rssi > $1.rssi }
      let device = phone.map { "phone-\(row[$0])" } ?? "unknown"
      survey.records.append(
        SurveyRecord(
          scan: Scan(
            time: time.flatMap { Double(row[$0]) } ?? Double(line), device: device,
            readings: readings),
          ordinal: ordinal, building: row[building], position: Point(x: x, y: y)))
    }
    return survey
  }
}
