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
/// image's metres (x right, y up).
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
    var waypoints: [(t: Int64, p: Point)] = []
    var wifi: [(t: Int64, bssid: String, rssi: Double, frequency: Int?, lastSeen: Int64)] = []
    var result = Result(records: [], droppedOutsideWaypoints: 0, staleEntries: 0, problems: [])
    var device = "unknown"
    var lineNumber = 0
    let bytes = [UInt8](data)
    var lines: [Range<Int>] = []
    // Most lines are 50 Hz sensor samples: keep only headers, waypoints and Wi-Fi, judged on the
    // bytes of the type field before anything is decoded.
    let waypointTag = Array("TYPE_WAYPOINT\t".utf8)
    let wifiTag = Array("TYPE_WIFI\t".utf8)
    bytes.withUnsafeBufferPointer { b in
      var start = 0
      func matches(_ tag: [UInt8], at i: Int, end: Int) -> Bool {
        guard i + tag.count <= end else { return false }
        for k in 0..<tag.count where b[i + k] != tag[k] { return false }
        return true
      }
      while start < b.count {
        var end = start
        while end < b.count && b[end] != UInt8(ascii: "\n") { end += 1 }
        if start < end {
          if b[start] == UInt8(ascii: "#") {
            lines.append(start..<end)
          } else {
            var tab = start
            while tab < end && b[tab] != UInt8(ascii: "\t") { tab += 1 }
            if matches(waypointTag, at: tab + 1, end: end)
              || matches(wifiTag, at: tab + 1, end: end)
            {
              lines.append(start..<end)
            }
          }
        }
        start = end + 1
      }
    }
    var lineStarts: [Int] = []
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(i) }
    for range in lines {
      // 1-based line number of this range, for messages.
      lineNumber = lineStarts.partitioningIndex { $0 >= range.lowerBound } + 1
      let isHeader = bytes[range.lowerBound] == UInt8(ascii: "#")
      let line = String(decoding: bytes[range], as: UTF8.self)
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(Self.trimmed)
      if isHeader {
        for field in fields {
          let pair = field.split(separator: ":", maxSplits: 1).map(String.init)
          guard pair.count == 2 else { continue }
          switch pair[0] {
          case "SiteID": result.siteID = pair[1]
          case "FloorId": result.floorID = pair[1]
          case "FloorName": result.floorName = pair[1]
          case "Brand": device = pair[1]
          case "Model": device += " " + pair[1]
          default: break
          }
        }
        continue
      }
      guard fields.count >= 2 else { continue }
      func bad(_ message: String) {
        result.problems.append(
          SurveyProblem(
            file: url.path, line: lineNumber, message: message + "; line skipped", skippedLine: true
          ))
      }
      switch fields[1] {
      case "TYPE_WAYPOINT":
        guard fields.count >= 4, let t = Int64(fields[0]), let x = Double(fields[2]),
          let y = Double(fields[3])
        else {
          bad("TYPE_WAYPOINT needs time, x and y")
          continue
        }
        waypoints.append((t, Point(x: x, y: y)))
      case "TYPE_WIFI":
        guard fields.count >= 7, let t = Int64(fields[0]), let rssi = Double(fields[4]),
          let seen = Int64(fields[6])
        else {
          bad("TYPE_WIFI needs time, ssid, bssid, rssi, frequency and last-seen time")
          continue
        }
        wifi.append((t, fields[3], rssi, Int(fields[5]), seen))
      default:
        continue
      }
    }
    waypoints.sort { $0.t < $1.t }
    var previousScan: Int64?
    let scans = Dictionary(grouping: wifi, by: \.t).sorted { $0.key < $1.key }
    for (t, entries) in scans {
      defer { previousScan = t }
      guard let position = Self.interpolate(waypoints, at: t) else {
        result.droppedOutsideWaypoints += 1
        continue
      }
      var readings: [Reading] = []
      for entry in entries {
        let stale = previousScan.map { entry.lastSeen <= $0 } ?? (t - entry.lastSeen > freshness)
        if stale {
          result.staleEntries += 1
          continue
        }
        guard entry.rssi <= 0, entry.rssi >= -120 else { continue }
        readings.append(Reading(bssid: entry.bssid, rssi: entry.rssi, frequency: entry.frequency))
      }
      guard !readings.isEmpty else { continue }
      let start = waypoints.first?.t ?? t
      result.records.append(
        SurveyRecord(
          scan: Scan(
            time: Double(t - start) / 1000, device: device,
            readings: readings.sorted { $0.rssi > $1.rssi }),
          ordinal: result.floorName.flatMap(Self.ordinal(floorName:)), levelID: result.floorID,
          building: result.siteID,
          position: position))
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

/// The alignment of one ILC floor's image metres with WGS84: the floor map's bounding box
/// (`geojson_map.json`) spans the image's width and height (`floor_info.json`).
public struct ILCFloorFrame: Sendable {
  /// South-west corner of the map's bounding box.
  public let southWest: GeoCoordinate
  /// North-east corner of the map's bounding box.
  public let northEast: GeoCoordinate
  /// Image width and height in metres.
  public let width: Double
  public let height: Double

  /// Reads the frame of the floor folder holding `floor_info.json` and `geojson_map.json`.
  public init(floorFolder: URL) throws(FingerpostError) {
    func json(_ name: String) throws(FingerpostError) -> JSONValue {
      let path = floorFolder.appendingPathComponent(name).path
      do {
        return try JSONParser.parse(try FileAccess.read(path))
      } catch let error as JSONParser.SyntaxError {
        throw FingerpostError(
          .malformed, file: path, line: error.line, "not JSON (\(error.reason))")
      } catch {
        throw error as? FingerpostError ?? FingerpostError(.unreadable, file: path, "\(error)")
      }
    }
    let infoPath = floorFolder.appendingPathComponent("floor_info.json").path
    let info = try json("floor_info.json")
    guard let width = info["map_info"]?["width"]?.doubleValue,
      let height = info["map_info"]?["height"]?.doubleValue,
      width > 0, height > 0
    else {
      throw FingerpostError(
        .invalidValue, file: infoPath, field: "map_info",
        "needs a positive width and height in metres")
    }
    let map = try json("geojson_map.json")
    var low = GeoCoordinate(longitude: .infinity, latitude: .infinity)
    var high = GeoCoordinate(longitude: -.infinity, latitude: -.infinity)
    func walk(_ v: JSONValue) {
      if let a = v.arrayValue {
        if a.count >= 2, let x = a[0].doubleValue, let y = a[1].doubleValue {
          low = GeoCoordinate(longitude: min(low.longitude, x), latitude: min(low.latitude, y))
          high = GeoCoordinate(longitude: max(high.longitude, x), latitude: max(high.latitude, y))
        } else {
          a.forEach(walk)
        }
      } else if let o = v.objectValue {
        o.values.forEach(walk)
      }
    }
    walk(map)
    guard low.longitude.isFinite, high.longitude > low.longitude, high.latitude > low.latitude
    else {
      throw FingerpostError(
        .noData, file: floorFolder.appendingPathComponent("geojson_map.json").path,
        "has no coordinates spanning an area")
    }
    southWest = low
    northEast = high
    self.width = width
    self.height = height
  }

  /// The WGS84 position of image point `p` (metres, x right, y up).
  public func coordinate(for p: Point) -> GeoCoordinate {
    GeoCoordinate(
      longitude: southWest.longitude + p.x / width * (northEast.longitude - southWest.longitude),
      latitude: southWest.latitude + p.y / height * (northEast.latitude - southWest.latitude))
  }
}

extension Array where Element == Int {
  /// The first index whose element satisfies `belongs`, for an array partitioned by it.
  fileprivate func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if belongs(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
