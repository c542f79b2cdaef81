import FingerpostCore
import Foundation

/// Where walkers are, by floor: the log of how much less of the recorded walks' time was spent
/// on each floor ordinal than on the floor holding most of it, fitted to the truth of recorded
/// walks (never above 0). A cloud born from a scan whose Wi-Fi two floors share (a basement
/// under a hall) starts on both; the barometer then keeps each part on its floor, and without a
/// prior the estimate swings between them. The filter draws a new cloud from the scan's
/// likelihood times this prior; the particles it injects into a cloud come from the scan alone
/// (and the `PressureReference`, evidence rather than habit), free to follow a walk to a floor
/// walkers seldom visit. Empty (every weight 0) unless fitted.
public struct FloorPrior: Sendable, Hashable, Codable {
  /// Log weight per floor ordinal (natural log, at most 0; absent ones 0).
  public var logWeight: [Int: Double] = [:]
  /// Truth samples the prior was fitted to.
  public var samples = 0

  /// No prior: every floor weighs the same.
  public init() {}

  /// Whether the prior weighs every floor alike.
  public var isEmpty: Bool { logWeight.values.allSatisfy { $0 == 0 } }

  /// The lowest log weight a floor may get: a walk that starts where no training walk went is
  /// still followed once its scans say so.
  public static let floorLogWeight = -4.0
  /// Pseudo-samples spread evenly over the floors (a uniform prior of this weight), so that a
  /// floor no walk visited is rare, not impossible.
  public static let pseudoSamples = 20.0

  /// Fits to the `walks`' truth samples on the floors `ordinals`: per floor, its samples
  /// relative to the floor holding most (samples on other ordinals do not count).
  public init(ordinals: Set<Int>, walks: [[TruthSample]]) {
    guard ordinals.count > 1 else { return }
    var count: [Int: Double] = [:]
    for truth in walks {
      for sample in truth where ordinals.contains(sample.ordinal) {
        count[sample.ordinal, default: 0] += 1
      }
    }
    samples = Int(count.values.reduce(0, +))
    guard samples > 0 else { return }
    let pseudo = Self.pseudoSamples / Double(ordinals.count)
    let most = (count.values.max() ?? 0) + pseudo
    for ordinal in ordinals {
      let share = (count[ordinal, default: 0] + pseudo) / most
      logWeight[ordinal] = min(max(log(share), Self.floorLogWeight), 0)
    }
  }

  /// Log weight of floor `ordinal` (0 when the prior does not know it).
  public func logWeight(ofOrdinal ordinal: Int) -> Double { logWeight[ordinal] ?? 0 }
}
