import Fingerprints
import Geometry
import WiFi

/// One position estimate of a localizer.
public struct Fix: Sendable, Hashable {
  /// Seconds since the start.
  public var t: Double
  /// The floor plan (index into the `FloorPlanSet`).
  public var plan: Int
  /// The position in the venue frame, metres.
  public var position: Point
  /// Radius holding about 95 % of the estimate's mass, metres.
  public var accuracy: Double
  /// The unit the fix snaps to (index into the plan's units), or `nil` when unknown.
  public var unit: Int?
  /// Course in degrees clockwise from north, when moving.
  public var course: Double?
  /// Speed in m/s.
  public var speed: Double?
}

/// Something that turns steps and scans into fixes: the particle filter and the baselines.
public protocol Localizer: AnyObject {
  /// Takes one dead-reckoning step.
  func step(_ step: StepInput)
  /// Takes one Wi-Fi scan.
  func scan(_ scan: ScanInput)
  /// Lets time pass with no step (standing, riding).
  func advance(to t: Double)
  /// The current estimate, or `nil` before there is one.
  func fix(at t: Double) -> Fix?
}

/// A step as the localizer sees it.
public struct StepInput: Sendable {
  public var t: Double
  public var length: Double
  /// Degrees clockwise from north.
  public var heading: Double
  public init(t: Double, length: Double, heading: Double) {
    self.t = t
    self.length = length
    self.heading = heading
  }
}

/// A scan as the localizer sees it.
public struct ScanInput: Sendable {
  public var scan: Scan
  public init(scan: Scan) { self.scan = scan }
}
