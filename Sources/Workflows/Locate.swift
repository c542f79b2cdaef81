import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import JSON

/// Single-scan positioning as `fingerpost locate` and the service answer it: one scan against a
/// radio map, the fix named after the venue's unit under it.
public struct Locate: Sendable {
  /// How the scan is matched against the map.
  public enum Method: String, Sendable, CaseIterable {
    /// Weighted k nearest neighbours in signal space over the survey points.
    case knn
    /// Maximum likelihood over the map's grid, with the device offset estimated.
    case likelihood
  }

  /// The locator over the radio map (its survey points indexed once, here).
  public let locator: FingerprintLocator
  /// The venue's floor plans, to name the unit of a fix (optional).
  public let plans: FloorPlanSet?
  /// The matching method.
  public var method: Method

  /// Locates against `map`, naming units from `plans` when given.
  public init(map: RadioMap, plans: FloorPlanSet? = nil, method: Method = .likelihood) {
    locator = FingerprintLocator(map: map)
    self.plans = plans
    self.method = method
  }

  /// The radio map.
  public var map: RadioMap { locator.map }

  /// The readings of a scan written as JSON: `{"readings": [["aa:bb:…", -61], …]}` (a survey scan
  /// line has that shape too). Readings that are not a BSSID and an RSSI in −120…0 dBm are
  /// dropped.
  public static func scan(json data: Data, source: String) throws(FingerpostError) -> Scan {
    let json: JSONValue
    do {
      json = try JSONParser.parse(data)
    } catch {
      throw FingerpostError(
        .malformed, file: source, line: error.line,
        "not JSON (column \(error.column): \(error.reason))")
    }
    guard let items = json["readings"]?.arrayValue else {
      throw FingerpostError(
        .missingField, file: source, field: "readings", "the scan needs a \"readings\" array")
    }
    let readings = items.compactMap { item -> Reading? in
      guard let parts = item.arrayValue, parts.count >= 2, let bssid = parts[0].stringValue,
        let rssi = parts[1].doubleValue, Reading.plausibleRSSI.contains(rssi)
      else { return nil }
      return Reading(bssid: bssid, rssi: rssi)
    }
    return Scan(time: json["t"]?.doubleValue ?? 0, device: "client", readings: readings)
  }

  /// The fix of `scan`, with its unit; `.noData` when no AP of the scan is in the map.
  public func fix(_ scan: Scan) throws(FingerpostError) -> Fix {
    let prepared = map.prepare(scan)
    guard
      var fix = method == .knn
        ? locator.nearestNeighbours(prepared) : locator.maximumLikelihoodWithOffset(prepared)?.fix
    else {
      throw FingerpostError(.noData, "no AP of the scan is in the radio map")
    }
    if let plans, let id = fix.levelID, let floor = plans.floor(levelID: id),
      let unit = plans[floor].unit(at: fix.position)
    {
      fix.unitID = unit.id
      fix.unitName = unit.label
    }
    return fix
  }

  /// A fix as one JSON object: level ordinal, x/y, accuracy, then building, level id, lat/lon
  /// and unit when known; every string escaped.
  public static func json(_ fix: Fix) -> String {
    var w = JSONObjectWriter()
    w.int("level", fix.ordinal)
    w.raw("x", fix.position.x.formatted(decimals: 2))
    w.raw("y", fix.position.y.formatted(decimals: 2))
    w.raw("accuracy_m", fix.accuracy.formatted(decimals: 1))
    w.string("building", fix.building)
    w.string("level_id", fix.levelID)
    if let c = fix.coordinate {
      w.raw("lat", c.latitude.formatted(decimals: 7))
      w.raw("lon", c.longitude.formatted(decimals: 7))
    }
    w.string("unit_id", fix.unitID)
    w.string("unit_name", fix.unitName)
    return w.text
  }
}
