import FingerpostCore
import FloorPlans
import Foundation
import Geometry

extension ParticleFilter {
  /// The weighted estimate: the plan holding most mass, the mean of its particles, the radius
  /// holding 95 % of their mass, and the unit chosen with hysteresis.
  public func fix(at t: Double) -> Fix? {
    guard initialized, !particles.isEmpty else { return nil }
    let weights = normalizedWeights()
    // Local copies of the arrays read per particle: no exclusivity check on each read.
    let (x, y, plan) = (particles.x, particles.y, particles.plan)
    guard let heaviest = heaviestPlan(weights) else { return nil }
    let (best, total) = (heaviest.plan, heaviest.mass)
    var mean = heaviest.mean
    // The reported track never passes through a wall: when the straight line from the last fix
    // to the mean would, report the nearest well-weighted particle that is in clear view of the
    // last fix instead, or stay put.
    if let last = previousFix, last.plan == best,
      plans.plans[best].crossesWall(Segment(last.position, mean))
    {
      let floor = plans.plans[best]
      let cutoff = (weights.max() ?? 0) * 0.05
      var candidates: [(distance: Double, point: Point)] = []
      for i in weights.indices where Int(plan[i]) == best && weights[i] >= cutoff {
        let p = Point(x: x[i], y: y[i])
        candidates.append((p.squaredDistance(to: mean), p))
      }
      candidates.sort { $0.distance < $1.distance }
      // A particle in view counts only when it is nearer the estimate than the last fix is to
      // it: a stray particle left beside the last fix must not hold the fix back while the
      // cloud walks on beyond a wall.
      var choice = candidates.first {
        $0.point.distance(to: mean) < $0.point.distance(to: last.position)
          && !floor.crossesWall(Segment(last.position, $0.point))
      }?.point
      if choice == nil {
        // No particle in view: go through the door (or open-plan portal) in view of the last
        // fix that lies best on the way to the estimate and nearer to it. A door the fix already
        // stands on is no way forward: from there every line may touch the wall around it, and
        // choosing it again would hold the fix in place while the cloud stays beyond that wall.
        let gaps = floor.doors.map(\.segment.midpoint) + floor.portals.map(\.segment.midpoint)
        let ahead = last.position.distance(to: mean)
        choice = gaps.filter {
          $0.distance(to: last.position) > 0.05 && $0.distance(to: mean) < ahead
            && !floor.crossesWall(Segment(last.position, $0))
        }
        .min {
          last.position.distance(to: $0) + $0.distance(to: mean) < last.position.distance(to: $1)
            + $1.distance(to: mean)
        }
      }
      // Nothing in view leads on: the well-weighted particle nearest the estimate, through the
      // wall (a jump in the track is better than a fix that no longer follows the cloud).
      mean = choice ?? candidates.first?.point ?? mean
    }
    // The 95 % radius from a histogram of distances (0.05 m bins) and the mass of each unit,
    // in one pass without sorting or hashing per particle.
    let floor = plans.plans[best]
    let binWidth = 0.05
    var bins = [Double](repeating: 0, count: 2048)
    var unitMass = [Double](repeating: 0, count: floor.units.count)
    // Unit shares from an evenly strided subset of at most about 500 particles.
    let unitStride = max(1, weights.count / 500)
    var sampledMass = 0.0
    for i in weights.indices where Int(plan[i]) == best && weights[i] > 0 {
      let p = Point(x: x[i], y: y[i])
      bins[min(Int(p.distance(to: mean) / binWidth), bins.count - 1)] += weights[i]
      if i % unitStride == 0 {
        sampledMass += weights[i]
        if let u = floor.unitIndex(at: p) { unitMass[u] += weights[i] }
      }
    }
    var mass = 0.0
    var radius = Double(bins.count) * binWidth
    for (b, w) in bins.enumerated() {
      mass += w
      if mass >= 0.95 * total {
        radius = Double(b + 1) * binWidth
        break
      }
    }
    var shares: [Int: Double] = [:]
    for (u, m) in unitMass.enumerated() where m > 0 { shares[u] = m / sampledMass }
    let unit = unitState.choose(plan: best, shares: shares, at: t)
    var fix = plans.fix(
      t: t, floor: FloorID(best), position: mean, accuracy: max(radius, 0.5), unit: unit)
    if let ordinal = unmappedOrdinal(plan: best, at: t) {
      // Beyond the mapped floors: the floor the barometer names, on no level and in no unit.
      fix.ordinal = ordinal
      (fix.levelID, fix.unitID, fix.unitName) = (nil, nil, nil)
    }
    if let last = previousFix, t > last.t, last.plan == best {
      let d = mean - last.position
      fix.speed = d.length / (t - last.t)
      if d.length > 0.2 {
        fix.course = (atan2(d.x, d.y) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
      }
    }
    previousFix = (t, best, mean)
    return fix
  }

  /// The plan holding most of the weight (the lowest index on a tie), its mass and the weighted
  /// mean of its particles (metres).
  func heaviestPlan(_ weights: [Double]) -> (plan: Int, mass: Double, mean: Point)? {
    let (x, y, plan) = (particles.x, particles.y, particles.plan)
    var massByPlan = [Double](repeating: 0, count: plans.plans.count)
    for i in weights.indices { massByPlan[Int(plan[i])] += weights[i] }
    guard
      let best = massByPlan.indices.max(by: {
        (massByPlan[$0], -$0) < (massByPlan[$1], -$1)
      })
    else { return nil }
    var sum = Point.zero
    var total = 0.0
    for i in weights.indices where Int(plan[i]) == best {
      sum = sum + Point(x: x[i], y: y[i]) * weights[i]
      total += weights[i]
    }
    return (best, total, sum / max(total, 1e-12))
  }

  /// Up to `count` particles, evenly thinned, as (x, y, ordinal) for viewers.
  public func cloud(count: Int) -> [(x: Double, y: Double, ordinal: Int)] {
    guard count > 0, !particles.isEmpty else { return [] }
    let (x, y, plan) = (particles.x, particles.y, particles.plan)
    let stride = max(1, x.count / count)
    return Swift.stride(from: 0, to: x.count, by: stride).prefix(count).map { i in
      (x[i], y[i], plans.plans[Int(plan[i])].ordinal)
    }
  }
}
