/// One Wi-Fi scan: when, by which device, and the access points heard.
public struct Scan: Hashable, Sendable, Codable {
  /// Seconds since the start of the recording.
  public var time: Double
  /// The device that scanned (a model or a free-form id).
  public var device: String
  /// The access points heard, strongest first by convention (not required).
  public var readings: [Reading]

  /// Creates a scan.
  public init(time: Double, device: String, readings: [Reading]) {
    self.time = time
    self.device = device
    self.readings = readings
  }

  /// The RSSI of `bssid` in this scan, if heard.
  public func rssi(of bssid: String) -> Double? {
    readings.first { $0.bssid == bssid }?.rssi
  }
}
