import FingerpostCore

/// Something that turns steps and scans into fixes: the particle filter and the baselines.
public protocol Localizer: AnyObject {
  /// Takes one dead-reckoning step.
  func step(_ step: Step)
  /// Takes one Wi-Fi scan.
  func scan(_ scan: Scan)
  /// Takes one barometer sample.
  func pressure(_ sample: Pressure)
  /// Lets time pass with no step (standing, riding).
  func advance(to t: Double)
  /// The current estimate, or `nil` before there is one.
  func fix(at t: Double) -> Fix?
}

extension Localizer {
  /// Ignores the barometer (localizers that weigh single scans).
  public func pressure(_ sample: Pressure) {}
}
