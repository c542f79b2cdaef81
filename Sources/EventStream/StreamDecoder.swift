import FingerpostCore
import Foundation
import Geometry
import JSON

/// Reads NDJSON stream lines into records.
public enum StreamDecoder {
  /// The record of one line (line number for messages); a step given as a speed covers the time
  /// since `previousStep`, the time of the step before it in the stream.
  public static func record(_ text: Substring, line: Int, previousStep: Double? = nil)
    throws(FingerpostError) -> StreamRecord
  {
    let json: JSONValue
    do {
      json = try JSONParser.parse(Data(text.utf8))
    } catch {
      throw FingerpostError(
        .malformed, line: line, "not JSON (column \(error.column): \(error.reason))")
    }
    return try record(json, line: line, previousStep: previousStep)
  }

  /// The record a JSON object holds (as a line's, or as a member of an HTTP answer); `line`
  /// names it in messages.
  public static func record(_ json: JSONValue, line: Int, previousStep: Double? = nil)
    throws(FingerpostError) -> StreamRecord
  {
    func fail(_ field: String?, _ message: String, _ kind: FingerpostError.Kind = .invalidValue)
      -> FingerpostError
    {
      FingerpostError(kind, line: line, field: field, message)
    }
    func number(_ key: String) throws(FingerpostError) -> Double {
      guard let v = json[key]?.doubleValue, v.isFinite else {
        throw fail(key, "must be a finite number", json[key] == nil ? .missingField : .invalidValue)
      }
      return v
    }
    func optionalNumber(_ key: String) -> Double? { json[key]?.doubleValue }
    func int(_ key: String) throws(FingerpostError) -> Int {
      guard let v = json[key]?.intValue else {
        throw fail(key, "must be an integer", json[key] == nil ? .missingField : .invalidValue)
      }
      return v
    }
    func seed() throws(FingerpostError) -> UInt64? {
      guard let value = json["seed"], !value.isNull else { return nil }
      // Seeds above 2^53 are not exact in a JSON number; a seed is a whole number in 0…2^64 − 1.
      guard let n = value.doubleValue, let seed = UInt64(exactly: n) else {
        throw fail("seed", "must be a whole number from 0 to 2^64 − 1")
      }
      return seed
    }
    switch json["type"]?.stringValue {
    case "meta":
      var origin: GeoCoordinate?
      if let value = json["origin"], !value.isNull {
        guard let a = value.arrayValue, a.count == 2, let lon = a[0].doubleValue,
          let lat = a[1].doubleValue, abs(lon) <= 180, abs(lat) <= 90
        else {
          throw fail("origin", "must be [longitude, latitude] in degrees")
        }
        origin = GeoCoordinate(longitude: lon, latitude: lat)
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
        TruthSample(
          t: try number("t"), ordinal: try int("ordinal"),
          position: Point(x: try number("x"), y: try number("y")),
          unitID: json["unit"]?.stringValue, heading: optionalNumber("heading"),
          checkpoint: json["checkpoint"]?.boolValue ?? false))
    case "step":
      let (t, heading) = (try number("t"), try number("heading"))
      // A length or speed too large for a double would be written back as null.
      if json["length"] != nil {
        return .step(Step(t: t, length: try number("length"), heading: heading))
      }
      guard json["speed"] != nil else {
        throw fail("length", "a step needs \"length\" or \"speed\"", .missingField)
      }
      return .step(
        Step(t: t, speed: try number("speed"), heading: heading, previous: previousStep))
    case "scan":
      guard let items = json["readings"]?.arrayValue else {
        throw fail("readings", "a scan needs a \"readings\" array", .missingField)
      }
      let readings = items.compactMap { item -> Reading? in
        guard let parts = item.arrayValue, parts.count >= 2, let bssid = parts[0].stringValue,
          let rssi = parts[1].doubleValue, rssi.isFinite
        else { return nil }
        return Reading(
          bssid: bssid, rssi: rssi, frequency: parts.count > 2 ? parts[2].intValue : nil)
      }
      return .scan(
        Scan(
          time: try number("t"), device: json["device"]?.stringValue ?? "unknown",
          readings: readings))
    case "pressure":
      let (t, hPa) = (try number("t"), try number("hPa"))
      guard Pressure.plausible.contains(hPa) else {
        throw fail(
          "hPa",
          "must be an air pressure from \(Int(Pressure.plausible.lowerBound)) to "
            + "\(Int(Pressure.plausible.upperBound)) hPa")
      }
      return .pressure(Pressure(t: t, hPa: hPa))
    case "fix":
      let coordinate = optionalNumber("lat").flatMap { lat in
        optionalNumber("lon").map { GeoCoordinate(longitude: $0, latitude: lat) }
      }
      return .fix(
        Fix(
          t: try number("t"), position: Point(x: try number("x"), y: try number("y")),
          coordinate: coordinate, ordinal: try int("ordinal"),
          levelID: json["level_id"]?.stringValue, unitID: json["unit_id"]?.stringValue,
          unitName: json["unit_name"]?.stringValue, accuracy: try number("accuracy_m"),
          course: optionalNumber("course"), speed: optionalNumber("speed")))
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
      throw fail("type", "unknown record type \(other.map { "\"\($0)\"" } ?? "(none)")")
    }
  }
}

extension StreamDecoder {
  /// The records of a whole stream with their 1-based line numbers; blank lines are skipped and
  /// unreadable ones handed to `skipped`, which may throw to refuse the stream (else it goes
  /// on). A step given as a speed covers the time since the previous step (`previousStep`
  /// before the first line).
  public static func records<Refusal: Error>(
    in bytes: some Collection<UInt8>, previousStep: Double? = nil,
    skipped: (FingerpostError) throws(Refusal) -> Void
  ) throws(Refusal) -> [(line: Int, record: StreamRecord)] {
    var result: [(line: Int, record: StreamRecord)] = []
    var number = 0
    var previousStep = previousStep
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      guard line.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { continue }
      let decoded: StreamRecord
      do {
        decoded = try record(
          Substring(decoding: line, as: UTF8.self), line: number, previousStep: previousStep)
      } catch {
        try skipped(error)
        continue
      }
      if case .step(let step) = decoded { previousStep = step.t }
      result.append((number, decoded))
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
