import Foundation
import Geometry
import JSON
import WiFi

/// Why a stream line could not be read.
public struct StreamError: Error, Equatable, CustomStringConvertible {
  /// The 1-based line number in the stream.
  public var line: Int
  /// What is wrong.
  public var message: String
  public var description: String { "line \(line): \(message)" }
}

/// Reads NDJSON stream lines into records.
public enum StreamDecoder {
  /// The record of one line (line number for messages).
  public static func record(_ text: Substring, line: Int) throws(StreamError) -> StreamRecord {
    let json: JSONValue
    do {
      json = try JSONParser.parse(Data(text.utf8))
    } catch {
      throw StreamError(line: line, message: "not JSON (column \(error.column): \(error.reason))")
    }
    func fail(_ message: String) -> StreamError { StreamError(line: line, message: message) }
    func number(_ key: String) throws(StreamError) -> Double {
      guard let v = json[key]?.doubleValue, v.isFinite else {
        throw fail("\"\(key)\" must be a finite number")
      }
      return v
    }
    func optionalNumber(_ key: String) -> Double? { json[key]?.doubleValue }
    func int(_ key: String) throws(StreamError) -> Int {
      guard let v = json[key]?.intValue else { throw fail("\"\(key)\" must be an integer") }
      return v
    }
    func seed() throws(StreamError) -> UInt64? {
      guard let value = json["seed"], !value.isNull else { return nil }
      // Seeds above 2^53 are not exact in a JSON number; a seed is a whole number in 0…2^64 − 1.
      guard let n = value.doubleValue, let seed = UInt64(exactly: n) else {
        throw fail("\"seed\" must be a whole number from 0 to 2^64 − 1")
      }
      return seed
    }
    switch json["type"]?.stringValue {
    case "meta":
      let origin = json["origin"]?.arrayValue.flatMap { a -> GeoCoordinate? in
        guard a.count == 2, let lon = a[0].doubleValue, let lat = a[1].doubleValue else {
          return nil
        }
        return GeoCoordinate(longitude: lon, latitude: lat)
      }
      return .meta(
        Meta(
          schema: json["schema"]?.intValue ?? 0, venue: json["venue"]?.stringValue,
          venuePath: json["venue_path"]?.stringValue,
          seed: try seed(),
          generator: json["generator"]?.stringValue ?? "unknown",
          origin: origin))
    case "truth":
      return .truth(
        TruthRecord(
          t: try number("t"), ordinal: try int("ordinal"), x: try number("x"), y: try number("y"),
          unit: json["unit"]?.stringValue, heading: optionalNumber("heading"),
          checkpoint: json["checkpoint"]?.boolValue ?? false))
    case "step":
      let length = optionalNumber("length")
      let speed = optionalNumber("speed")
      guard length != nil || speed != nil else {
        throw fail("a step needs \"length\" or \"speed\"")
      }
      return .step(
        StepRecord(t: try number("t"), length: length, speed: speed, heading: try number("heading"))
      )
    case "scan":
      guard let items = json["readings"]?.arrayValue else {
        throw fail("a scan needs a \"readings\" array")
      }
      let readings = items.compactMap { item -> Reading? in
        guard let parts = item.arrayValue, parts.count >= 2, let bssid = parts[0].stringValue,
          let rssi = parts[1].doubleValue, rssi.isFinite
        else { return nil }
        return Reading(
          bssid: bssid, rssi: rssi, frequency: parts.count > 2 ? parts[2].intValue : nil)
      }
      return .scan(
        ScanRecord(t: try number("t"), device: json["device"]?.stringValue, readings: readings))
    case "fix":
      return .fix(
        FixRecord(
          t: try number("t"), lat: optionalNumber("lat"), lon: optionalNumber("lon"),
          x: try number("x"),
          y: try number("y"), ordinal: try int("ordinal"), levelID: json["level_id"]?.stringValue,
          unitID: json["unit_id"]?.stringValue, unitName: json["unit_name"]?.stringValue,
          accuracy: try number("accuracy_m"), course: optionalNumber("course"),
          speed: optionalNumber("speed")))
    case "particles":
      let points = (json["points"]?.arrayValue ?? []).compactMap {
        p -> (x: Double, y: Double, ordinal: Int)? in
        guard let a = p.arrayValue, a.count == 3, let x = a[0].doubleValue,
          let y = a[1].doubleValue,
          let o = a[2].intValue
        else { return nil }
        return (x, y, o)
      }
      return .particles(ParticlesRecord(t: try number("t"), points: points))
    case "score":
      return .score(
        ScoreRecord(metrics: (json["metrics"]?.objectValue ?? [:]).compactMapValues(\.doubleValue)))
    case let other:
      throw fail("unknown record type \(other.map { "\"\($0)\"" } ?? "(none)")")
    }
  }
}

extension StreamDecoder {
  /// The records of a whole stream with their 1-based line numbers; blank lines are skipped and
  /// unreadable ones handed to `skipped` (the stream goes on).
  public static func records(
    in bytes: some Collection<UInt8>, skipped: (StreamError) -> Void
  ) -> [(line: Int, record: StreamRecord)] {
    var result: [(line: Int, record: StreamRecord)] = []
    var number = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      guard line.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { continue }
      do {
        result.append((number, try record(Substring(decoding: line, as: UTF8.self), line: number)))
      } catch {
        skipped(error)
      }
    }
    return result
  }
}

/// Splits bytes arriving in arbitrary chunks (a pipe) into complete lines, keeping the tail of a
/// half-delivered line until its newline arrives.
public struct LineSplitter: Sendable {
  private var pending: [UInt8] = []
  /// Lines handed out so far.
  public private(set) var lineCount = 0

  /// Creates an empty splitter.
  public init() {}

  /// The complete lines in `pending + chunk`, without their newlines (a `\r` before it dropped).
  public mutating func feed(_ chunk: some Sequence<UInt8>) -> [String] {
    pending.append(contentsOf: chunk)
    var lines: [String] = []
    var start = 0
    for i in pending.indices where pending[i] == UInt8(ascii: "\n") {
      var end = i
      if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      lines.append(String(decoding: pending[start..<end], as: UTF8.self))
      start = i + 1
    }
    pending.removeFirst(start)
    lineCount += lines.count
    return lines
  }

  /// The last line when the input ends without a newline.
  public mutating func finish() -> String? {
    guard !pending.isEmpty else { return nil }
    defer { pending = [] }
    lineCount += 1
    return String(decoding: pending, as: UTF8.self)
  }
}
