import ConfigFiles
import FingerpostCore
import Foundation
import Motion
import Radio

/// A phone as a scenario describes it: its `device` (scanning) and `dead_reckoning` (step
/// noise) sections, alone in a file (YAML) that `assess --phone` and scenarios share, as
/// `walk import --phone` fits them to real walks.
///
/// ```yaml
/// device: { name: fitted, scan_interval: 2.15, stale_share: 0 }
/// dead_reckoning: { length_sigma: 0.12, scale_bias_sigma: 0.1, heading_bias_sigma: 6, … }
/// ```
public struct PhoneFile: Sendable {
  /// The device: name, RSSI offset (dB), scan interval (s), stale share, sensitivity shift (dB).
  public var device: Device
  /// Whether the file gives the device's offset (else a scenario draws one).
  public var offsetGiven: Bool
  /// How its dead reckoning errs.
  public var deadReckoning: StepNoise

  /// A phone file's values.
  public init(device: Device, offsetGiven: Bool, deadReckoning: StepNoise) {
    (self.device, self.offsetGiven, self.deadReckoning) = (device, offsetGiven, deadReckoning)
  }

  /// Reads a phone file; unknown keys are errors naming key and line.
  public init(contentsOf url: URL) throws(FingerpostError) {
    let root = try YAMLMap(contentsOf: url)
    try root.allowOnly(["version", "device", "dead_reckoning"])
    try self.init(device: try root.map("device"), deadReckoning: try root.map("dead_reckoning"))
  }

  /// Reads the `device` and `dead_reckoning` sections (either may be absent: the defaults).
  init(device d: YAMLMap?, deadReckoning n: YAMLMap?) throws(FingerpostError) {
    try d?.allowOnly(["name", "offset", "scan_interval", "stale_share", "sensitivity_shift"])
    device = Device(
      name: try d?.string("name") ?? "phone", offset: try d?.double("offset") ?? 0,
      scanInterval: try d?.double("scan_interval"), staleShare: try d?.double("stale_share"),
      sensitivityShift: try d?.double("sensitivity_shift") ?? 0)
    if let d {
      if let interval = device.scanInterval, !(interval > 0 && interval <= 600) {
        throw d.error("scan_interval", "must be above 0 and at most 600 seconds")
      }
      if let stale = device.staleShare, !(0...1).contains(stale) {
        throw d.error("stale_share", "must be between 0 and 1")
      }
    }
    offsetGiven = d?.contains("offset") ?? false
    deadReckoning = StepNoise()
    guard let n else { return }
    try n.allowOnly(Set(Self.noiseKeys.map(\.key)))
    for (key, keyPath, limit) in Self.noiseKeys {
      guard let value = try n.double(key) else { continue }
      guard value >= 0, value <= limit else {
        throw n.error(key, "must be from 0 to \(limit.formatted(decimals: 0))")
      }
      deadReckoning[keyPath: keyPath] = value
    }
  }

  /// The `dead_reckoning` keys, the step noise each sets and its largest value (relative
  /// spreads 5, degrees 360, probabilities 1).
  static var noiseKeys: [(key: String, path: WritableKeyPath<StepNoise, Double>, limit: Double)] {
    [
      ("length_sigma", \.lengthSigma, 5), ("scale_bias_sigma", \.scaleBiasSigma, 5),
      ("heading_bias_sigma", \.headingBiasSigma, 360),
      ("heading_drift_sigma", \.headingDriftSigma, 360), ("heading_sigma", \.headingSigma, 360),
      ("miss_probability", \.missProbability, 1), ("double_probability", \.doubleProbability, 1),
    ]
  }

  /// The file's text: `comments` (a line each), then both sections.
  public func text(comments: [String] = []) -> String {
    func number(_ value: Double) -> String { value.formatted(decimals: 3) }
    var device = ["name: \(WorldFile.quoted(self.device.name))"]
    if offsetGiven { device.append("offset: \(number(self.device.offset))") }
    if let interval = self.device.scanInterval {
      device.append("scan_interval: \(number(interval))")
    }
    if let stale = self.device.staleShare { device.append("stale_share: \(number(stale))") }
    device.append("sensitivity_shift: \(number(self.device.sensitivityShift))")
    let noise = Self.noiseKeys.map { "\($0.key): \(number(deadReckoning[keyPath: $0.path]))" }
    return
      (comments.map { "# " + $0 } + [
        "version: 1", "device: { \(device.joined(separator: ", ")) }",
        "dead_reckoning: { \(noise.joined(separator: ", ")) }",
      ]).joined(separator: "\n") + "\n"
  }
}
