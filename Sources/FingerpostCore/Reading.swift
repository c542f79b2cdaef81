/// One access point heard in a scan: its BSSID and received signal strength.
public struct Reading: Hashable, Sendable, Codable {
  /// The access point's MAC address, lower-case `aa:bb:cc:dd:ee:ff`.
  public var bssid: String
  /// Received signal strength in dBm (typically −100 … −30).
  public var rssi: Double
  /// The channel's centre frequency in MHz, when known.
  public var frequency: Int?

  /// Creates a reading; the BSSID is normalised to lower case.
  public init(bssid: String, rssi: Double, frequency: Int? = nil) {
    // Most BSSIDs arrive lower-case already: avoid allocating a copy for them.
    var text = bssid
    let upper = text.withUTF8 { bytes in bytes.contains { $0 >= 65 && $0 <= 90 } }
    self.bssid = upper ? bssid.lowercased() : bssid
    self.rssi = rssi
    self.frequency = frequency
  }

  /// The signal strengths a survey or a scan may hold, in dBm: weaker or positive values are
  /// not a reading (every reader drops them, and writers refuse to write them).
  public static let plausibleRSSI: ClosedRange<Double> = -120...0

  /// The band of the reading's frequency, if known.
  public var band: Band? { frequency.map(Band.init(frequency:)) }
}
