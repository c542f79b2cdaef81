import FingerpostCore
import Foundation
import Geometry
import JSON

/// Writes survey files: whole files atomically, or line by line appended to a recording, each
/// line in one `write` so that a crash loses at most the line being written.
public enum SurveyWriter {
  /// The JSON line of a header.
  public static func line(_ header: SurveyHeader) -> String {
    var fields = ["\"type\":\"survey\"", "\"version\":\(header.version)"]
    if let venue = header.venue { fields.append("\"venue\":\(JSONString.quoted(venue))") }
    if let origin = header.origin {
      fields.append("\"origin\":[\(origin.longitude),\(origin.latitude)]")
    }
    if let source = header.source { fields.append("\"source\":\(JSONString.quoted(source))") }
    if let frame = header.frame { fields.append("\"frame\":\(JSONString.quoted(frame))") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The JSON line of a record.
  public static func line(_ record: SurveyRecord) -> String {
    var fields = ["\"type\":\"scan\""]
    if let id = record.id { fields.append("\"id\":\(JSONString.quoted(id))") }
    fields += [
      "\"t\":\(number(record.scan.time, decimals: 3))",
      "\"device\":\(JSONString.quoted(record.scan.device))",
    ]
    if let ordinal = record.ordinal { fields.append("\"ordinal\":\(ordinal)") }
    if let level = record.levelID { fields.append("\"level\":\(JSONString.quoted(level))") }
    if let building = record.building {
      fields.append("\"building\":\(JSONString.quoted(building))")
    }
    if let p = record.position {
      fields.append("\"x\":\(number(p.x, decimals: 2)),\"y\":\(number(p.y, decimals: 2))")
    } else if let c = record.coordinate {
      fields.append("\"lon\":\(c.longitude),\"lat\":\(c.latitude)")
    }
    let readings = record.scan.readings.map { r in
      "[\(JSONString.quoted(r.bssid)),\(number(r.rssi, decimals: 1))"
        + (r.frequency.map { ",\($0)" } ?? "")
        + "]"
    }
    fields.append("\"readings\":[" + readings.joined(separator: ",") + "]")
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// Writes a whole survey to `url` atomically (temporary file, then rename).
  public static func write(_ survey: SurveyFile, to url: URL) throws(FingerpostError) {
    var text = survey.header.map { line($0) + "\n" } ?? ""
    for record in survey.records { text += line(record) + "\n" }
    try FileAccess.write(Data(text.utf8), to: url.path)
  }

  /// Appends one line to a recording, creating the file (with `header`) when absent.
  public static func append(_ record: SurveyRecord, to url: URL, header: SurveyHeader)
    throws(FingerpostError)
  {
    if !FileManager.default.fileExists(atPath: url.path) {
      try FileAccess.write(Data((line(header) + "\n").utf8), to: url.path)
    }
    do {
      let handle = try FileHandle(forWritingTo: url)
      defer { try? handle.close() }
      try handle.seekToEnd()
      try handle.write(contentsOf: Data((line(record) + "\n").utf8))
    } catch {
      throw FingerpostError(
        .unwritable, file: url.path, "cannot be appended to (\(error.localizedDescription))")
    }
  }

  static func number(_ value: Double, decimals: Int) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return value.formatted(decimals: decimals)
  }

}
