import FingerpostCore
import Foundation
import Geometry
import JSON

/// Imports Microsoft Indoor Location Competition 2.0 path files into survey records.
///
/// Scan positions are interpolated in time between the surrounding `TYPE_WAYPOINT`s (scans
/// outside the first and last waypoint are dropped); `TYPE_WIFI` lines sharing a time form one
/// scan; an entry is stale, and dropped, when its last-seen time is not after the previous scan
/// (or, for the first scan, more than `freshness` ms before it). Positions stay in the floor
/// image's metres (x right, y up). The floor is named by its ordinal (the competition's floor
/// and site ids, kept in the result, are not IMDF ids).
public struct ILCPathImporter {
  /// Entries last seen longer ago than this before the first scan are stale, in milliseconds.
  public var freshness: Int64 = 3000

  /// What one file gave.
  public struct Result: Sendable {
    /// The scans with their interpolated positions.
    public var records: [SurveyRecord]
    /// Scans taken before the first or after the last waypoint.
    public var droppedOutsideWaypoints: Int
    /// Stale entries removed.
    public var staleEntries: Int
    /// Lines that did not parse.
    public var problems: [SurveyProblem]
    /// The site, floor and device from the header.
    public var siteID: String?
    public var floorID: String?
    public var floorName: String?
  }

  /// Creates an importer.
  public init() {}

  /// Imports one path file.
  public func importFile(_ url: URL) throws(FingerpostError) -> Result {
    importData(try FileAccess.read(url.path), file: url)
  }

  /// Imports the bytes of one path file, as if read from `url` (which names it in problems).
  public func importData(_ data: Data, file url: URL) -> Result {
    result(of: ILCPathFile(data: data, file: url.path))
  }

  /// The survey records of a parsed path file.
  public func result(of path: ILCPathFile) -> Result {
    var result = Result(
      records: [], droppedOutsideWaypoints: 0, staleEntries: 0, problems: path.problems,
      siteID: path.siteID, floorID: path.floorID, floorName: path.floorName)
    let waypoints = path.waypoints.map { (t: $0.t, p: $0.point) }
    let (scans, stale) = path.scans(freshness: freshness)
    result.staleEntries = stale
    for scan in scans {
      guard let position = Self.interpolate(waypoints, at: scan.t) else {
        result.droppedOutsideWaypoints += 1
        continue
      }
      guard !scan.readings.isEmpty else { continue }
      let start = waypoints.first?.t ?? scan.t
      result.records.append(
        SurveyRecord(
          scan: Scan(
            time: Double(scan.t - start) / 1000, device: path.device, readings: scan.readings),
          ordinal: path.floorName.flatMap(Self.ordinal(floorName:)), levelID: nil,
          building: nil, position: position))
    }
    return result
  }

  /// A field without surrounding spaces or a carriage return (inner spaces, as in SSIDs, stay).
  static func trimmed(_ field: Substring) -> String {
    var bytes = field.utf8[...]
    while let first = bytes.first, first == 0x20 || first == 0x0D { bytes = bytes.dropFirst() }
    while let last = bytes.last, last == 0x20 || last == 0x0D { bytes = bytes.dropLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The position at time `t`, linear between the waypoints around it.
  static func interpolate(_ waypoints: [(t: Int64, p: Point)], at t: Int64) -> Point? {
    guard let first = waypoints.first, let last = waypoints.last, t >= first.t, t <= last.t else {
      return nil
    }
    var low = 0
    var high = waypoints.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if waypoints[mid].t <= t { low = mid } else { high = mid }
    }
    let a = waypoints[low]
    let b = waypoints[high]
    guard b.t > a.t else { return a.p }
    return a.p.interpolated(to: b.p, at: Double(t - a.t) / Double(b.t - a.t))
  }

  /// The floor ordinal of an ILC floor name: `F1`/`1F` → 0, `F2` → 1, `B1` → −1.
  public static func ordinal(floorName: String) -> Int? {
    let name = floorName.uppercased()
    if name.hasPrefix("B"), let n = Int(name.dropFirst()) { return -n }
    if name.hasPrefix("F"), let n = Int(name.dropFirst()) { return n - 1 }
    if name.hasSuffix("F"), let n = Int(name.dropLast()) { return n - 1 }
    if name.hasPrefix("L"), let n = Int(name.dropFirst()) { return n }
    return nil
  }

}
