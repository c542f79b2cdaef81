import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

/// Dead reckoning alone, from the known start: steps added up, walls and floors ignored; the fix
/// snaps to the unit under it.
public final class DeadReckoningLocalizer: Localizer {
  var position: Point
  let floor: FloorID
  let plans: FloorPlanSet

  /// Starts at `start` on one of `plans`.
  public init(start: Route.Waypoint, plans: FloorPlanSet) {
    position = start.point
    floor = start.floor
    self.plans = plans
  }

  public func step(_ step: Step) {
    guard step.isUsable else { return }
    let h = step.heading * .pi / 180
    position = position + Point(x: step.length * sin(h), y: step.length * cos(h))
  }

  public func scan(_ scan: Scan) {}
  public func advance(to t: Double) {}

  public func fix(at t: Double) -> Fix? {
    plans.fix(
      t: t, floor: floor, position: position, accuracy: 1 + 0.05 * t,
      unit: plans[floor].unitIndex(at: position))
  }
}

/// Fingerprinting alone: each scan located on its own (by default maximum likelihood, level
/// first, device offset estimated per scan; or weighted kNN); the last fix is held between scans.
public final class FingerprintLocalizer: Localizer {
  /// How a scan is placed.
  public enum Method: String, Sendable, CaseIterable {
    /// Maximum likelihood over the map's grid, the device offset estimated per scan.
    case likelihood
    /// Weighted k nearest survey points.
    case knn
  }

  let map: RadioMap
  let locator: FingerprintLocator
  let plans: FloorPlanSet
  let method: Method
  var last: Fix?

  /// Locates against `map` on `plans` by `method`.
  public init(map: RadioMap, plans: FloorPlanSet, method: Method = .likelihood) {
    self.map = map
    self.plans = plans
    self.method = method
    locator = FingerprintLocator(map: map)
  }

  public func step(_ step: Step) {}
  public func advance(to t: Double) {}

  public func scan(_ scan: Scan) {
    let prepared = map.prepare(scan)
    let fix =
      switch method {
      case .likelihood: locator.maximumLikelihoodWithOffset(prepared)?.fix
      case .knn: locator.nearestNeighbours(prepared)
      }
    guard let found = fix else { return }
    guard let level = map.levelIndex(of: found), let floor = plans.floor(of: map.levels[level])
    else { return }
    last = plans.fix(
      t: scan.time, floor: floor, position: found.position, accuracy: found.accuracy,
      unit: plans[floor].unitIndex(at: found.position))
  }

  public func fix(at t: Double) -> Fix? {
    last.map {
      var f = $0
      f.t = t
      return f
    }
  }
}
