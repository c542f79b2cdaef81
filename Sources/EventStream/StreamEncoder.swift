import FingerpostCore
import Geometry
import JSON

/// Writes stream records as NDJSON lines, `"type"` first and fields in a fixed order, so the
/// same records always give the same bytes.
public enum StreamEncoder {
  /// The JSON line of a record, without the newline.
  public static func line(_ record: StreamRecord) -> String {
    var w = JSONObjectWriter(type: record.type)
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
      w.number("x", r.position.x, 3)
      w.number("y", r.position.y, 3)
      w.string("unit", r.unitID, keepNull: true)
      if let h = r.heading { w.number("heading", h, 1) }
      if r.checkpoint { w.raw("checkpoint", "true") }
    case .step(let r):
      w.number("t", r.t, 3)
      // A step that came as a speed is written as one, so a stream reads back as it was.
      if let s = r.speed { w.number("speed", s, 3) } else { w.number("length", r.length, 3) }
      w.number("heading", r.heading, 2)
    case .scan(let r):
      w.number("t", r.time, 3)
      w.string("device", r.device)
      let readings = r.readings.map { reading in
        "[\(JSONString.quoted(reading.bssid)),\(JSONObjectWriter.format(reading.rssi, 1))"
          + (reading.frequency.map { ",\($0)" } ?? "") + "]"
      }
      w.raw("readings", "[" + readings.joined(separator: ",") + "]")
    case .pressure(let r):
      w.number("t", r.t, 3)
      w.number("hPa", r.hPa, 3)
    case .fix(let r):
      w.number("t", r.t, 3)
      w.optionalNumber("lat", r.coordinate?.latitude, 7)
      w.optionalNumber("lon", r.coordinate?.longitude, 7)
      w.number("x", r.position.x, 3)
      w.number("y", r.position.y, 3)
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
        "[\(JSONObjectWriter.format($0.x, 2)),\(JSONObjectWriter.format($0.y, 2)),\($0.ordinal)]"
      }
      w.raw("points", "[" + points.joined(separator: ",") + "]")
    case .score(let r):
      let metrics = r.metrics.keys.sorted().map {
        "\(JSONString.quoted($0)):\(JSONObjectWriter.format(r.metrics[$0]!, 4))"
      }
      w.raw("metrics", "{" + metrics.joined(separator: ",") + "}")
    }
    return w.text
  }
}
