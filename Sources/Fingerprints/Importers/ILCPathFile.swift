import FingerpostCore
import Foundation
import Geometry

/// One Microsoft Indoor Location Competition 2.0 path file as recorded: its header, ground-truth
/// waypoints, Wi-Fi entries and, when asked for, rows of other sensors, each in time order, with
/// every problem found (file and line). Times stay the file's milliseconds; positions its floor
/// image's metres (x right, y up).
public struct ILCPathFile: Sendable {
  /// A ground-truth point the surveyor stood on.
  public struct Waypoint: Sendable, Hashable {
    /// Milliseconds (the file's clock).
    public var t: Int64
    /// Metres in the floor image frame.
    public var point: Point
  }

  /// One access point in one scan.
  public struct WifiEntry: Sendable, Hashable {
    /// The scan's time, milliseconds.
    public var t: Int64
    /// The BSSID as written.
    public var bssid: String
    /// dBm.
    public var rssi: Double
    /// MHz, when given.
    public var frequency: Int?
    /// When the phone last saw the AP, milliseconds.
    public var lastSeen: Int64
  }

  /// One line of another sensor: its time (milliseconds) and numbers.
  public struct SensorRow: Sendable, Hashable {
    /// Milliseconds.
    public var t: Int64
    /// The values after the type, in order (an accuracy flag may be last).
    public var values: [Double]
  }

  /// The record types a path file may hold besides waypoints and Wi-Fi (documented or seen in
  /// the competition's data).
  public static let knownTypes: Set<String> = [
    "TYPE_ACCELEROMETER", "TYPE_ACCELEROMETER_UNCALIBRATED", "TYPE_GYROSCOPE",
    "TYPE_GYROSCOPE_UNCALIBRATED", "TYPE_MAGNETIC_FIELD", "TYPE_MAGNETIC_FIELD_UNCALIBRATED",
    "TYPE_ROTATION_VECTOR", "TYPE_BEACON", "TYPE_BLUE", "TYPE_BLU4", "TYPE_DIST1", "TYPE_DIST2",
    "TYPE_SENSOR_MAGNETIC_FIELD_ACCURACY_CHANGED", "TYPE_WAYPOINT", "TYPE_WIFI",
  ]

  /// The file, as named in problems.
  public var file: String
  /// Header fields.
  public var siteID: String?
  public var floorID: String?
  public var floorName: String?
  /// Brand and model of the phone.
  public var device = "unknown"
  /// The header's start time, or the first record's, milliseconds.
  public var startTime: Int64?
  /// Waypoints, in time order.
  public var waypoints: [Waypoint] = []
  /// Wi-Fi entries, in time order.
  public var wifi: [WifiEntry] = []
  /// Rows of the sensor types asked for, each in time order.
  public var sensors: [String: [SensorRow]] = [:]
  /// Lines that did not parse, times that went back, types not known.
  public var problems: [SurveyProblem] = []

  /// Parses `data`, named `file` in problems, keeping the rows of `sensorTypes`.
  public init(data: Data, file: String, sensorTypes: Set<String> = []) {
    self.file = file
    var tags = [Array("TYPE_WAYPOINT".utf8), Array("TYPE_WIFI".utf8)]
    tags += sensorTypes.map { Array($0.utf8) }
    var found = RecordingProblems<Int64>(file: file)
    let bytes = [UInt8](data)
    bytes.withUnsafeBufferPointer { b in
      var start = 0
      var line = 0
      while start < b.count {
        var end = start
        while end < b.count && b[end] != UInt8(ascii: "\n") { end += 1 }
        line += 1
        defer { start = end + 1 }
        guard start < end else { continue }
        if b[start] == UInt8(ascii: "#") {
          readHeader(String(decoding: b[start..<end], as: UTF8.self))
          continue
        }
        var tab = start
        while tab < end && b[tab] != UInt8(ascii: "\t") { tab += 1 }
        var typeEnd = min(tab + 1, end)
        while typeEnd < end && b[typeEnd] != UInt8(ascii: "\t") { typeEnd += 1 }
        let type = b[min(tab + 1, end)..<typeEnd]
        guard tags.contains(where: { $0.elementsEqual(type) }) else {
          // Most lines are 50 Hz sensors nobody asked for: judged on their bytes alone.
          let name = String(decoding: type, as: UTF8.self)
          if !Self.knownTypes.contains(name) { found.unknownType(name, line: line) }
          continue
        }
        let text = String(decoding: b[start..<end], as: UTF8.self)
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(
          ILCPathImporter.trimmed)
        guard let t = Int64(fields[0]) else {
          found.bad(line, "\(fields[1]) has no time (\(fields[0].prefix(20)))")
          continue
        }
        if startTime == nil { startTime = t }
        found.time(t, of: fields[1], line: line)
        read(fields, time: t, line: line, problems: &found)
      }
    }
    problems = found.finished()
    waypoints.sort { $0.t < $1.t }
    wifi.sort { $0.t < $1.t }
    for key in sensors.keys { sensors[key]!.sort { $0.t < $1.t } }
  }

  private mutating func readHeader(_ line: String) {
    for field in line.split(separator: "\t").map(ILCPathImporter.trimmed) {
      let pair = field.split(separator: ":", maxSplits: 1).map(String.init)
      guard pair.count == 2 else { continue }
      switch pair[0] {
      case "SiteID": siteID = pair[1]
      case "FloorId": floorID = pair[1]
      case "FloorName": floorName = pair[1]
      case "Brand": device = pair[1]
      case "Model": device += " " + pair[1]
      case "startTime": startTime = startTime ?? Int64(pair[1])
      default: break
      }
    }
  }

  private mutating func read(
    _ fields: [String], time t: Int64, line: Int, problems: inout RecordingProblems<Int64>
  ) {
    switch fields[1] {
    case "TYPE_WAYPOINT":
      guard fields.count >= 4, let x = Double(fields[2]), let y = Double(fields[3]),
        x.isFinite, y.isFinite
      else { return problems.bad(line, "TYPE_WAYPOINT needs time, x and y") }
      waypoints.append(Waypoint(t: t, point: Point(x: x, y: y)))
    case "TYPE_WIFI":
      guard fields.count >= 7, let rssi = Double(fields[4]), let seen = Int64(fields[6]) else {
        return problems.bad(
          line, "TYPE_WIFI needs time, ssid, bssid, rssi, frequency and last-seen time")
      }
      wifi.append(
        WifiEntry(t: t, bssid: fields[3], rssi: rssi, frequency: Int(fields[5]), lastSeen: seen))
    default:
      let values = fields.dropFirst(2).compactMap(Double.init)
      guard values.count >= 3, values.count == fields.count - 2, values.allSatisfy(\.isFinite)
      else { return problems.bad(line, "\(fields[1]) needs time and at least three numbers") }
      sensors[fields[1], default: []].append(SensorRow(t: t, values: values))
    }
  }

  /// The Wi-Fi scans: entries sharing a time, each without the entries that are stale (last
  /// seen not after the previous scan, or for the first scan more than `freshness` ms before
  /// it) or out of range (above 0 or below −120 dBm); and how many stale entries were dropped.
  public func scans(freshness: Int64 = 3000) -> (
    scans: [(t: Int64, readings: [Reading])], stale: Int
  ) {
    var out: [(t: Int64, readings: [Reading])] = []
    var stale = 0
    var previous: Int64?
    var i = 0
    while i < wifi.count {
      let t = wifi[i].t
      var readings: [Reading] = []
      while i < wifi.count, wifi[i].t == t {
        let entry = wifi[i]
        i += 1
        if previous.map({ entry.lastSeen <= $0 }) ?? (t - entry.lastSeen > freshness) {
          stale += 1
          continue
        }
        guard Reading.plausibleRSSI.contains(entry.rssi) else { continue }
        readings.append(Reading(bssid: entry.bssid, rssi: entry.rssi, frequency: entry.frequency))
      }
      previous = t
      out.append((t, readings.sorted { $0.rssi > $1.rssi }))
    }
    return (out, stale)
  }
}
