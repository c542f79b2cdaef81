/// Weinberg's step length model: K times the fourth root of the vertical bounce, here the
/// step's peak-to-valley range of filtered acceleration magnitude (Weinberg 2002, Analog Devices
/// AN-602). A generic walker's constant; each person's stride differs by 10–25 %, which the
/// particle filter's per-particle step scale absorbs.
public struct WeinbergStepLength: Sendable, Hashable {
  /// The model's constant, metres per (m/s²)^¼.
  public var k = 0.47
  /// The smallest range used, m/s² (a shuffle still moves the walker).
  public var minimumRange = 1.0
  /// The longest step, metres.
  public var maximumLength = 1.2

  /// The model with its default constant.
  public init() {}

  /// The length of a step whose filtered acceleration went from `peak` to `valley`, metres.
  public func length(peak: Double, valley: Double) -> Double {
    let range = max(peak - valley, minimumRange)
    return min(k * range.squareRoot().squareRoot(), maximumLength)
  }
}
