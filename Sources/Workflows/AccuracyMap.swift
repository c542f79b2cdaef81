import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import JSON

/// An assessment as a map for QGIS, geojson.io or a notebook: a Feature per walkable unit
/// (its outline in WGS84; properties: measured and expected error, floor and unit hits, APs
/// heard, survey distance) and, when the report has a grid, a square per cell.
public enum AccuracyMap {
  /// The GeoJSON bytes of `report`'s units (and cells) on `plans`.
  public static func geojson(_ report: AssessmentReport, plans: FloorPlanSet)
    throws(FingerpostError) -> Data
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(featureCollection(report, plans: plans)) + Data("\n".utf8)
    } catch {
      throw FingerpostError(.invalidValue, "the accuracy map cannot be encoded (\(error))")
    }
  }

  /// The FeatureCollection of `report`'s units (and cells) on `plans`.
  public static func featureCollection(_ report: AssessmentReport, plans: FloorPlanSet)
    -> JSONValue
  {
    func position(_ p: Point) -> JSONValue {
      .array(plans.frame.coordinate(for: p).geoJSONPosition.map(JSONValue.number))
    }
    func ring(_ r: Ring) -> JSONValue {
      .array((r.points + r.points.prefix(1)).map(position))
    }
    func number(_ value: Double?, decimals: Int = 2) -> JSONValue {
      guard let value, value.isFinite else { return .null }
      let scale = pow(10, Double(decimals))
      return .number((value * scale).rounded() / scale)
    }
    var units: [String: PlanUnit] = [:]
    for plan in plans.plans {
      for unit in plan.units { units[unit.id] = unit }
    }
    var features: [JSONValue] = []
    for row in report.units {
      guard let unit = units[row.id] else { continue }
      let polygons = unit.shape.polygons.map { polygon in
        JSONValue.array(polygon.rings.map(ring))
      }
      features.append(
        .object([
          "type": "Feature",
          "geometry": .object([
            "type": "MultiPolygon", "coordinates": .array(polygons),
          ]),
          "properties": .object([
            "kind": "unit", "unit_id": .string(row.id), "name": .string(row.name),
            "category": .string(row.category), "level_id": .string(row.levelID),
            "ordinal": .number(Double(row.ordinal)), "area_m2": number(row.area, decimals: 1),
            "walked_s": number(row.seconds, decimals: 1), "error_m": number(row.error),
            "floor_hit": number(row.floorHit, decimals: 3),
            "unit_hit": number(row.unitHit, decimals: 3),
            "fingerprint_error_m": number(row.fingerprintError),
            "expected_error_m": number(row.expectedError), "aps_heard": number(row.heard),
            "survey_distance_m": number(row.surveyDistance),
          ]),
        ]))
    }
    for cell in report.cells ?? [] {
      let half = (report.cellSize ?? 1) / 2
      let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map {
        Point(x: cell.x + $0 * half, y: cell.y + $1 * half)
      }
      features.append(
        .object([
          "type": "Feature",
          "geometry": .object([
            "type": "Polygon", "coordinates": .array([ring(Ring(corners))]),
          ]),
          "properties": .object([
            "kind": "cell", "level_id": .string(cell.levelID),
            "ordinal": .number(Double(cell.ordinal)), "walked_s": number(cell.seconds, decimals: 1),
            "error_m": number(cell.error), "expected_error_m": number(cell.expectedError),
            "aps_heard": number(cell.heard), "survey_distance_m": number(cell.surveyDistance),
          ]),
        ]))
    }
    return .object(["type": "FeatureCollection", "features": .array(features)])
  }
}
