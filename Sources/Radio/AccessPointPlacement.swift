import FingerpostCore
import FloorPlans
import Geometry

/// Automatic AP placement: a density of APs per 100 m² of walkable space, spread evenly over
/// corridors and rooms by farthest-point sampling (ceiling-mounted, so any walkable spot will do).
public struct AccessPointPlacement: Sendable, Hashable {
  /// Access points per 100 m² of walkable space.
  public var density: Double
  /// The bands each placed AP transmits on (one BSSID per band).
  public var bands: [Band]
  /// The network name given to placed APs.
  public var ssid: String

  /// Creates a placement rule.
  public init(density: Double, bands: [Band] = [.ghz2_4, .ghz5], ssid: String = "fingerpost") {
    self.density = density
    self.bands = bands
    self.ssid = ssid
  }

  /// The placed radios on every plan, with the model's reference powers.
  public func place(in plans: FloorPlanSet, model: PropagationModel) -> [AccessPoint] {
    var result: [AccessPoint] = []
    let channels24 = [2412, 2437, 2462]
    let channels5 = [5180, 5200, 5220, 5240, 5745, 5765, 5785, 5805]
    for (p, plan) in plans.plans.enumerated() {
      let count = max(1, Int((plan.walkableArea * density / 100).rounded()))
      for (i, position) in Self.spread(count, over: plan).enumerated() {
        for band in bands {
          let bandCode = band == .ghz2_4 ? 0x24 : 0x50
          let bssid = [0x02, 0xfb, p & 0xff, i >> 8, i & 0xff, bandCode]
            .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: ":")
          let frequency =
            band == .ghz2_4 ? channels24[i % channels24.count] : channels5[i % channels5.count]
          result.append(
            AccessPoint(
              bssid: bssid, ssid: ssid, floor: FloorID(p), position: position, band: band,
              frequency: frequency,
              referencePower: model.referencePower(band)))
        }
      }
    }
    return result
  }

  /// `count` walkable points of `plan`, each as far as possible from those chosen before.
  static func spread(_ count: Int, over plan: FloorPlan) -> [Point] {
    var candidates = plan.walkableUnits.map { plan.units[$0].anchorPoint }
    if let box = plan.walkableBounds {
      let step = 2.0
      var y = box.min.y + step / 2
      while y < box.max.y {
        var x = box.min.x + step / 2
        while x < box.max.x {
          let p = Point(x: x, y: y)
          if plan.isWalkable(p) { candidates.append(p) }
          x += step
        }
        y += step
      }
    }
    guard !candidates.isEmpty else { return [] }
    let centre = candidates.reduce(Point.zero, +) / Double(candidates.count)
    var nearest = candidates.map { $0.squaredDistance(to: centre) }
    var chosen: [Point] = []
    // Start near the middle, then repeatedly take the candidate farthest from all chosen.
    var next = nearest.indices.min { nearest[$0] < nearest[$1] }!
    for _ in 0..<min(count, candidates.count) {
      let pick = candidates[next]
      chosen.append(pick)
      for k in candidates.indices {
        nearest[k] = min(k == next ? 0 : nearest[k], candidates[k].squaredDistance(to: pick))
      }
      if chosen.count == 1 { nearest = candidates.map { $0.squaredDistance(to: pick) } }
      next = nearest.indices.max { nearest[$0] < nearest[$1] }!
    }
    return chosen
  }
}
