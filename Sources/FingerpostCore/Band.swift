/// A Wi-Fi frequency band.
public enum Band: String, Sendable, Hashable, Codable, CaseIterable {
  /// 2.4 GHz (channels 1–14).
  case ghz2_4 = "2.4"
  /// 5 GHz.
  case ghz5 = "5"

  /// The band of a centre frequency in MHz (below 3 GHz is 2.4 GHz).
  public init(frequency: Int) {
    self = frequency < 3000 ? .ghz2_4 : .ghz5
  }

  /// The centre frequency of a representative channel, in MHz (channel 6 / channel 36).
  public var defaultFrequency: Int {
    switch self {
    case .ghz2_4: 2437
    case .ghz5: 5180
    }
  }
}
