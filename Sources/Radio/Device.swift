/// A phone or scanner: its RSSI offset and how it scans, overriding the world's defaults.
public struct Device: Sendable, Hashable, Codable {
  /// A name written into every scan, e.g. `pixel-7`.
  public var name: String
  /// Added to every reading, in dB (phones differ by several dB).
  public var offset: Double
  /// Seconds between scans; the model's when `nil`.
  public var scanInterval: Double?
  /// Share of stale entries per scan (0…1); the model's when `nil`.
  public var staleShare: Double?
  /// Shift of the detection curve in dB (positive: hears weaker APs); 0 by default.
  public var sensitivityShift: Double

  /// Creates a device.
  public init(
    name: String, offset: Double, scanInterval: Double? = nil, staleShare: Double? = nil,
    sensitivityShift: Double = 0
  ) {
    self.name = name
    self.offset = offset
    self.scanInterval = scanInterval
    self.staleShare = staleShare
    self.sensitivityShift = sensitivityShift
  }
}
