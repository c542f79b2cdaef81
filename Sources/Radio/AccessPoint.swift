import FingerpostCore
import FloorPlans
import Geometry

/// One simulated access point radio: a BSSID on one band at a position on one level.
public struct AccessPoint: Sendable, Hashable, Codable {
  /// The radio's MAC address, lower-case.
  public var bssid: String
  /// The network name.
  public var ssid: String
  /// The floor it is on.
  public var floor: FloorID
  /// Its position in the venue frame, metres.
  public var position: Point
  /// Its band.
  public var band: Band
  /// Its channel centre frequency in MHz.
  public var frequency: Int
  /// Received power at 1 m, in dBm (the model's band default unless overridden).
  public var referencePower: Double

  /// Creates an access point.
  public init(
    bssid: String, ssid: String, floor: FloorID, position: Point, band: Band, frequency: Int? = nil,
    referencePower: Double
  ) {
    self.bssid = bssid.lowercased()
    self.ssid = ssid
    self.floor = floor
    self.position = position
    self.band = band
    self.frequency = frequency ?? band.defaultFrequency
    self.referencePower = referencePower
  }
}
