import FingerpostCore
import Foundation
import Geometry

/// One log of the GetSensorData Android app (the recording format of the IPIN competitions'
/// smartphone tracks since 2016) as recorded: `%` header lines, then one record a line,
/// `TYPE;AppTimestamp(s);…` with `;` between fields. Keeps the landmarks (`POSI`), the Wi-Fi
/// entries, the barometer (`PRES`) and the rows of the other sensors asked for, each in time
/// order, with every problem found (file and line). Times are the app's seconds (one clock for
/// every sensor).
public struct IPINLogFile: Sendable {
  /// A ground-truth landmark the walker stood on (`POSI;t;counter;lat;lon;floor;building`).
  public struct Landmark: Sendable, Hashable {
    /// Seconds.
    public var t: Double
    /// WGS84 degrees.
    public var coordinate: GeoCoordinate
    /// The floor number as logged (0 the ground floor, −1 below).
    public var floor: Int
    /// The building number as logged.
    public var building: String
  }

  /// One access point in one scan (`WIFI;t;sensor_t;ssid;bssid;frequency;rss`).
  public struct WifiEntry: Sendable, Hashable {
    /// The app's time of the scan, seconds.
    public var t: Double
    /// The sensor's time of the entry (when the phone last saw the AP), seconds.
    public var seen: Double
    /// The BSSID as written.
    public var bssid: String
    /// MHz.
    public var frequency: Int?
    /// dBm.
    public var rssi: Double
  }

  /// One line of another sensor: its app time (seconds) and the numbers after its sensor time.
  public struct SensorRow: Sendable, Hashable {
    /// Seconds.
    public var t: Double
    /// The values after the two times, in order (an accuracy flag is last).
    public var values: [Double]
  }

  /// The record types the app writes (documented in its header).
  public static let knownTypes: Set<String> = [
    "ACCE", "GYRO", "MAGN", "PRES", "LIGH", "PROX", "HUMI", "TEMP", "AHRS", "GNSS", "WIFI",
    "BLUE", "BLE4", "SOUN", "RFID", "IMUX", "IMUL", "IMUI", "POSI",
  ]

  /// The app's times a log may hold, seconds since it started: four hours (the competitions'
  /// logs are walks of minutes; a line claiming more would ask for a truth track of millions of
  /// samples).
  public static let times = 0.0...14_400

  /// The file, as named in problems.
  public var file: String
  /// Manufacturer and model of the phone, from the header.
  public var device = "unknown"
  /// When the log was started (its header's `Date of creation`, to the second), if it says.
  public var created: Date?
  /// Landmarks, in time order.
  public var landmarks: [Landmark] = []
  /// Wi-Fi entries, in time order.
  public var wifi: [WifiEntry] = []
  /// Barometer samples, in time order.
  public var pressures: [Pressure] = []
  /// Rows of the sensor types asked for, each in time order.
  public var sensors: [String: [SensorRow]] = [:]
  /// Lines that did not parse, times that went back, types not known.
  public var problems: [SurveyProblem] = []

  /// Parses `data`, named `file` in problems, keeping the rows of `sensorTypes` (e.g. `ACCE`).
  public init(data: Data, file: String, sensorTypes: Set<String> = []) {
    self.file = file
    var found = RecordingProblems<Double>(file: file)
    var manufacturer: String?
    var model: String?
    var line = 0
    for range in data.lineRanges {
      line += 1
      let text = String(decoding: data[range], as: UTF8.self)
      if text.hasPrefix("%") {
        let pair = text.dropFirst().split(separator: ":", maxSplits: 1)
        if pair.count == 2 {
          let value = pair[1].trimmingCharacters(in: .whitespacesAndNewlines)
          switch pair[0].trimmingCharacters(in: .whitespaces) {
          case "Manufacturer": manufacturer = value
          case "Model": model = value
          case "Date of creation": created = Self.creationDate(value)
          default: break
          }
        }
        continue
      }
      // Most lines are 50 Hz sensors nobody asked for: judged by their type alone.
      let type = String(text.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
      guard type != "" || text.contains(";") else { continue }
      guard type == "WIFI" || type == "POSI" || type == "PRES" || sensorTypes.contains(type)
      else {
        if !Self.knownTypes.contains(type) { found.unknownType(type, line: line) }
        continue
      }
      let fields = text.split(separator: ";", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      guard fields.count > 1, let t = Double(fields[1]), Self.times.contains(t) else {
        found.bad(
          line,
          "\(type) has no time of 0 to \(Int(Self.times.upperBound)) s "
            + "(\(fields.count > 1 ? fields[1].prefix(20) : ""))")
        continue
      }
      found.time(t, of: type, line: line)
      read(fields, time: t, line: line, problems: &found)
    }
    device = [manufacturer, model].compactMap { $0 }.joined(separator: " ")
    if device.isEmpty { device = "unknown" }
    problems = found.finished()
    landmarks.sort { $0.t < $1.t }
    wifi.sort { $0.t < $1.t }
    pressures.sort { $0.t < $1.t }
    for key in sensors.keys { sensors[key]!.sort { $0.t < $1.t } }
  }

  private mutating func read(
    _ fields: [String], time t: Double, line: Int, problems: inout RecordingProblems<Double>
  ) {
    switch fields[0] {
    case "POSI":
      guard fields.count >= 6, let lat = Double(fields[3]), let lon = Double(fields[4]),
        abs(lat) <= 90, abs(lon) <= 180, let floor = Int(fields[5]), abs(floor) <= 1000
      else { return problems.bad(line, "POSI needs time, counter, latitude, longitude and floor") }
      landmarks.append(
        Landmark(
          t: t, coordinate: GeoCoordinate(longitude: lon, latitude: lat), floor: floor,
          building: fields.count > 6 ? fields[6] : ""))
    case "WIFI":
      guard fields.count >= 7, let seen = Double(fields[2]), seen.isFinite,
        let rssi = Double(fields[6]), rssi.isFinite
      else {
        return problems.bad(line, "WIFI needs time, sensor time, SSID, BSSID, frequency and RSS")
      }
      guard !fields[4].isEmpty else { return problems.bad(line, "WIFI has no BSSID") }
      wifi.append(
        WifiEntry(t: t, seen: seen, bssid: fields[4], frequency: Int(fields[5]), rssi: rssi))
    case "PRES":
      guard fields.count >= 4, let hPa = Double(fields[3]), Pressure.plausible.contains(hPa)
      else {
        return problems.bad(
          line,
          "PRES needs time, sensor time and a pressure of \(Int(Pressure.plausible.lowerBound))"
            + "–\(Int(Pressure.plausible.upperBound)) mbar")
      }
      pressures.append(Pressure(t: t, hPa: hPa))
    default:
      // The magnetometer's documented format has an empty field after Mag_X: empty fields are
      // skipped, every other one must be a number.
      let rest = fields.dropFirst(3).filter { !$0.isEmpty }
      let values = rest.compactMap(Double.init)
      guard values.count >= 3, values.count == rest.count, values.allSatisfy(\.isFinite) else {
        return problems.bad(line, "\(fields[0]) needs time, sensor time and at least three numbers")
      }
      sensors[fields[0], default: []].append(SensorRow(t: t, values: values))
    }
  }

  /// The Wi-Fi scans: entries sharing an app time, each without the entries that are stale
  /// (seen by the sensor no later than the previous scan's newest entry) or out of range
  /// (above 0 or below −120 dBm), strongest first; and how many stale entries were dropped.
  public func scans() -> (scans: [(t: Double, readings: [Reading])], stale: Int) {
    var out: [(t: Double, readings: [Reading])] = []
    var stale = 0
    var previous: Double?
    var i = 0
    while i < wifi.count {
      let t = wifi[i].t
      var readings: [Reading] = []
      var newest = -Double.infinity
      while i < wifi.count, wifi[i].t == t {
        let entry = wifi[i]
        i += 1
        newest = max(newest, entry.seen)
        if let previous, entry.seen <= previous {
          stale += 1
          continue
        }
        guard Reading.plausibleRSSI.contains(entry.rssi) else { continue }
        readings.append(Reading(bssid: entry.bssid, rssi: entry.rssi, frequency: entry.frequency))
      }
      previous = max(previous ?? newest, newest)
      out.append((t, readings.sorted { $0.rssi > $1.rssi }))
    }
    return (out, stale)
  }

  /// The header's `Date of creation` (`Wed Jun 14 10:00:58 GMT+02:00 2023`), nil when it is
  /// not one.
  static func creationDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEE MMM d HH:mm:ss 'GMT'xxx yyyy"
    return formatter.date(from: text)
  }
}
