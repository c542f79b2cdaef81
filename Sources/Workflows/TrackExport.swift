import FingerpostCore
import Foundation
import Geometry
import JSON

/// A walk's truth and fixes as GeoJSON for GIS tools, geojson.io or MapKit: one LineString per
/// stretch on one floor for each track (properties: track, ordinal, t_start, t_end) and a Point
/// per fix (t, ordinal, level_id, unit_id, unit_name, accuracy_m), in WGS84.
public enum TrackExport {
  /// The GeoJSON bytes of the streams' truth and fixes, placed by their meta records' origin
  /// (the streams must share one).
  public static func geojson(_ streams: [StreamFile]) throws(FingerpostError) -> Data {
    var origin: GeoCoordinate?
    for stream in streams {
      guard let o = stream.origin else { continue }
      if let known = origin, known != o {
        throw FingerpostError(
          .mismatch, file: stream.path,
          "its origin differs from the other streams' (another venue?)")
      }
      origin = o
    }
    guard let origin else {
      throw FingerpostError(
        .missingField, field: "origin",
        "no meta record with an origin: cannot place x/y on the map")
    }
    let truth = streams.flatMap(\.truth).sorted { $0.t < $1.t }
    let fixes = streams.flatMap(\.fixes).sorted { $0.t < $1.t }
    guard !truth.isEmpty || !fixes.isEmpty else {
      throw FingerpostError(.noData, "no truth or fix records")
    }
    let collection = featureCollection(
      truth: truth, fixes: fixes, frame: LocalFrame(origin: origin))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(collection) + Data("\n".utf8)
    } catch {
      throw FingerpostError(.invalidValue, "the GeoJSON cannot be encoded (\(error))")
    }
  }

  /// The GeoJSON FeatureCollection of a walk in `frame`.
  public static func featureCollection(truth: [TruthSample], fixes: [Fix], frame: LocalFrame)
    -> JSONValue
  {
    func position(_ p: Point) -> JSONValue {
      .array(frame.coordinate(for: p).geoJSONPosition.map(JSONValue.number))
    }
    /// One LineString per run of consecutive points on one floor.
    func lines(_ track: String, _ points: [(t: Double, ordinal: Int, position: Point)])
      -> [JSONValue]
    {
      var result: [JSONValue] = []
      var start = 0
      while start < points.count {
        var end = start
        while end + 1 < points.count, points[end + 1].ordinal == points[start].ordinal { end += 1 }
        let run = points[start...end]
        if run.count >= 2 {
          result.append(
            .object([
              "type": "Feature",
              "geometry": .object([
                "type": "LineString", "coordinates": .array(run.map { position($0.position) }),
              ]),
              "properties": .object([
                "track": .string(track), "ordinal": .number(Double(points[start].ordinal)),
                "t_start": .number(run.first!.t), "t_end": .number(run.last!.t),
              ]),
            ]))
        }
        start = end + 1
      }
      return result
    }
    var features = lines("truth", truth.map { ($0.t, $0.ordinal, $0.position) })
    features += lines("fixes", fixes.map { ($0.t, $0.ordinal, $0.position) })
    for fix in fixes {
      var properties: [String: JSONValue] = [
        "track": "fix", "t": .number(fix.t), "ordinal": .number(Double(fix.ordinal)),
      ]
      if let v = fix.levelID { properties["level_id"] = .string(v) }
      if let v = fix.unitID { properties["unit_id"] = .string(v) }
      if let v = fix.unitName { properties["unit_name"] = .string(v) }
      properties["accuracy_m"] = .number(fix.accuracy)
      features.append(
        .object([
          "type": "Feature",
          "geometry": .object(["type": "Point", "coordinates": position(fix.position)]),
          "properties": .object(properties),
        ]))
    }
    return .object(["type": "FeatureCollection", "features": .array(features)])
  }
}
