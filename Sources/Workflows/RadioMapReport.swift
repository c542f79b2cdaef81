import FingerpostCore
import Fingerprints
import Foundation
import Geometry

/// What is in a radio map file, for people (`fingerpost radiomap info`).
public enum RadioMapReport {
  /// The summary of `map` read from `file` in `seconds`: frame, sources, APs, and a line per
  /// level.
  public static func text(_ map: RadioMap, file: String, loadSeconds seconds: Double) -> String {
    var lines = [
      "\(file): radio map format \(RadioMap.formatVersion), loaded in \((seconds * 1000).formatted(decimals: 1)) ms",
      "  frame       " + (map.frame ?? map.origin.map { "venue frame about \($0)" } ?? "unknown"),
      "  built from  " + map.sources.joined(separator: ", "),
      "  APs         \(map.bssids.count)",
      "  levels      \(map.levels.count)",
    ]
    for level in map.levels {
      let inside = level.inside.count { $0 }
      let scans = level.points.reduce(0) { $0 + $1.scans }
      lines.append(
        "    \(level.label): \(level.columns)×\(level.rows) cells of \(level.spacing.formatted(decimals: 1)) m "
          + "(\(inside) mapped), \(level.accessPoints.count) APs, \(level.points.count) survey points, \(scans) scans"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// One AP's grid on one level: CSV (x, y, mean dBm, spread dB, detection) and, when the map's
  /// frame has a WGS84 origin, GeoJSON cells.
  public struct APGrid: Sendable {
    /// The CSV text.
    public let csv: String
    /// The GeoJSON text, when the map can be placed on the earth.
    public let geojson: String?
  }

  /// The grid of AP `bssid` on the level with `ordinal` (and `building` when ordinals repeat).
  public static func grid(
    _ map: RadioMap, ordinal: Int, building: String? = nil, bssid: String
  ) throws(FingerpostError) -> APGrid {
    let matches = map.levels.indices.filter {
      map.levels[$0].ordinal == ordinal && (building == nil || map.levels[$0].building == building)
    }
    guard matches.count == 1 else {
      throw matches.isEmpty
        ? FingerpostError(.notFound, field: "level", "no level with ordinal \(ordinal)")
        : FingerpostError(
          .ambiguous, field: "level", "ordinal \(ordinal) is on several buildings: give a building")
    }
    let l = map.levels[matches[0]]
    guard let a = map.bssidIndex[bssid.lowercased()], let j = l.accessPoints.firstIndex(of: a)
    else {
      throw FingerpostError(.notFound, field: "ap", "AP \(bssid) is not in the map on \(l.label)")
    }
    var csv = "x,y,mean_dbm,spread_db,detection\n"
    var features: [String] = []
    let geographic = map.coordinate(for: Point(x: 0, y: 0)) != nil
    for cell in l.inside.indices where l.inside[cell] {
      let c = l.center(of: cell)
      let (mean, spread, detection) = l.expectation(
        cell: cell, slot: j, priorWeight: map.priorWeight)
      csv +=
        "\(c.x.formatted(decimals: 2)),\(c.y.formatted(decimals: 2)),\(mean.formatted(decimals: 1)),"
        + "\(spread.formatted(decimals: 2)),\(detection.formatted(decimals: 3))\n"
      guard geographic else { continue }
      let h = l.spacing / 2
      let ring = [(-h, -h), (h, -h), (h, h), (-h, h), (-h, -h)].compactMap {
        map.coordinate(for: Point(x: c.x + $0.0, y: c.y + $0.1))
      }
      let coordinates = ring.map { "[\($0.longitude),\($0.latitude)]" }.joined(separator: ",")
      features.append(
        "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[\(coordinates)]]},"
          + "\"properties\":{\"mean_dbm\":\(mean.formatted(decimals: 1)),\"spread_db\":\(spread.formatted(decimals: 2)),"
          + "\"detection\":\(detection.formatted(decimals: 3))}}"
      )
    }
    let geojson =
      !geographic
      ? nil
      : "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n")
        + "\n]}\n"
    return APGrid(csv: csv, geojson: geojson)
  }
}
