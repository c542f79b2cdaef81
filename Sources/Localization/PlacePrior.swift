import FingerpostCore
import FloorPlans
import Foundation
import Geometry

/// Where walkers are, by unit category: the log of how much less often a walker is in a square
/// metre of each category than in one of the category holding most of the walks, fitted to the
/// truth of recorded walks (never above 0: a small unit walked through, a staircase, is no
/// place to gather particles). Shoppers walk the walkway of a mall and seldom enter the shops;
/// the filter weighs each scan by this at each particle's unit, so that its cloud keeps to
/// where people walk. Empty (every weight 0) unless fitted.
public struct PlacePrior: Sendable, Hashable, Codable {
  /// Log weight per unit category (natural log, at most 0; absent ones 0).
  public var logWeight: [String: Double] = [:]
  /// Truth samples the prior was fitted to.
  public var samples = 0

  /// No prior: every place weighs the same.
  public init() {}

  /// Whether the prior weighs every place alike.
  public var isEmpty: Bool { logWeight.values.allSatisfy { $0 == 0 } }

  /// The lowest log weight a category may get: a walker who does enter a place none of the
  /// training walks entered is followed after a few scans.
  public static let floorLogWeight = -4.0
  /// Pseudo-samples spread over the walkable area in proportion to it (a uniform prior of this
  /// weight), so that a category no walk visited is rare, not impossible.
  public static let pseudoSamples = 20.0

  /// Fits to the `walks`' truth samples (each a sample of where a walker is; their positions in
  /// the frame of `plans`): per category of walkable unit, the samples in it over its area,
  /// relative to the category holding most samples. Samples outside every walkable unit do not
  /// count.
  public init(plans: FloorPlanSet, walks: [[TruthSample]]) {
    var area: [String: Double] = [:]
    for plan in plans.plans {
      for u in plan.walkableUnits {
        area[plan.units[u].category, default: 0] += plan.units[u].area
      }
    }
    var count: [String: Double] = [:]
    for truth in walks {
      for sample in truth {
        guard let floor = plans.floor(atOrdinal: sample.ordinal, containing: sample.position),
          let unit = plans[floor].unit(at: sample.position), unit.kind.isWalkable
        else { continue }
        count[unit.category, default: 0] += 1
      }
    }
    let total = area.values.reduce(0, +)
    samples = Int(count.values.reduce(0, +))
    guard total > 0, samples > 0, area.count > 1 else { return }
    var density: [String: Double] = [:]
    for (category, a) in area where a > 0 {
      density[category] = (count[category, default: 0] + Self.pseudoSamples * a / total) / a
    }
    guard let main = count.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key,
      let reference = density[main]
    else { return }
    for (category, d) in density {
      logWeight[category] = min(max(log(d / reference), Self.floorLogWeight), 0)
    }
  }

  /// Log weight of a place of `category` (0 when the prior does not know it).
  public func logWeight(of category: String) -> Double { logWeight[category] ?? 0 }
}
