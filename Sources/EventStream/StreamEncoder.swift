import Geometry
import JSON
import WiFi

/// Writes stream records as NDJSON lines, `"type"` first and fields in a fixed order, so the
/// same records always give the same bytes.
public enum StreamEncoder {
  /// The JSON line of a record, without the newline.
  public static func line(_ record: StreamRecord) -> String {
    var w = ObjectWriter(type: record.type)
    switch record {
    case .meta(let m):
      w.int("schema", m.schema)
      w.string("venue", m.venue)
      if let path = m.venuePath { w.string("venue_path", path) }
      if let seed = m.seed { w.raw("seed", String(seed)) }
      w.string("generator", m.generator)
      if let o = m.origin { w.raw("origin", "[\(o.longitude),\(o.latitude)]") }
    case .truth(let r):
      w.number("t", r.t, 3)
      w.int("ordinal", r.ordinal)
      w.number("x", r.x, 3)
      w.number("y", r.y, 3)
      w.string("unit", r.unit, keepNull: true)
      if let h = r.heading { w.number("heading", h, 1) }
      if r.checkpoint { w.raw("checkpoint", "true") }
    case .step(let r):
      w.number("t", r.t, 3)
      if let l = r.length { w.number("length", l, 3) }
      if let s = r.speed { w.number("speed", s, 3) }
      w.number("heading", r.heading, 2)
    case .scan(let r):
      w.number("t", r.t, 3)
      w.string("device", r.device)
      let readings = r.readings.map { reading in
        "[\(JSONString.quoted(reading.bssid)),\(ObjectWriter.format(reading.rssi, 1))"
          + (reading.frequency.map { ",\($0)" } ?? "") + "]"
      }
      w.raw("readings", "[" + readings.joined(separator: ",") + "]")
    case .fix(let r):
      w.number("t", r.t, 3)
      w.optionalNumber("lat", r.lat, 7)
      w.optionalNumber("lon", r.lon, 7)
      w.number("x", r.x, 3)
      w.number("y", r.y, 3)
      w.int("ordinal", r.ordinal)
      w.string("level_id", r.levelID, keepNull: true)
      w.string("unit_id", r.unitID, keepNull: true)
      w.string("unit_name", r.unitName, keepNull: true)
      w.number("accuracy_m", r.accuracy, 2)
      if let c = r.course { w.number("course", c, 1) }
      if let s = r.speed { w.number("speed", s, 2) }
    case .particles(let r):
      w.number("t", r.t, 3)
      let points = r.points.map {
        "[\(ObjectWriter.format($0.x, 2)),\(ObjectWriter.format($0.y, 2)),\($0.ordinal)]"
      }
      w.raw("points", "[" + points.joined(separator: ",") + "]")
    case .score(let r):
      let metrics = r.metrics.keys.sorted().map {
        "\(JSONString.quoted($0)):\(ObjectWriter.format(r.metrics[$0]!, 4))"
      }
      w.raw("metrics", "{" + metrics.joined(separator: ",") + "}")
    }
    return w.text + "}"
  }
}

/// Builds one JSON object field by field.
struct ObjectWriter {
  var text: String

  init(type: String) {
    text = "{\"type\":\"\(type)\""
  }

  mutating func raw(_ key: String, _ value: String) {
    text += ",\"\(key)\":\(value)"
  }

  mutating func int(_ key: String, _ value: Int) { raw(key, String(value)) }

  mutating func number(_ key: String, _ value: Double, _ decimals: Int) {
    raw(key, Self.format(value, decimals))
  }

  mutating func optionalNumber(_ key: String, _ value: Double?, _ decimals: Int) {
    raw(key, value.map { Self.format($0, decimals) } ?? "null")
  }

  mutating func string(_ key: String, _ value: String?, keepNull: Bool = false) {
    if let value { raw(key, JSONString.quoted(value)) } else if keepNull { raw(key, "null") }
  }

  /// A finite number with at most `decimals` decimals and no trailing zeros; NaN and ∞ as null.
  static func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "null" }
    var text = value.formatted(decimals: decimals)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

}
