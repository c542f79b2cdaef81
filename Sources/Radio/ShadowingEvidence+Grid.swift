import Foundation
import Geometry

extension ShadowingEvidence {
  /// `estimate(at:)` at every node of `grid` (row-major), each place spread over the nodes
  /// within `reach` of it rather than every node visiting every place.
  public func estimates(over grid: FieldGrid) -> (mean: [Float], remaining: [Float]) {
    var mean = [Float](repeating: 0, count: grid.count)
    var remaining = [Float](repeating: 1, count: grid.count)
    guard decorrelation > 0, nugget.isFinite, !places.isEmpty else { return (mean, remaining) }
    var sums = [Sum](repeating: Sum(), count: grid.count)
    let reach = reach
    let span = Int((reach / grid.spacing).rounded(.up))
    for place in places where place.readings > 0 {
      let (fx, fy) = grid.position(of: place.point)
      let (c0, r0) = (max(Int(fx) - span, 0), max(Int(fy) - span, 0))
      let (c1, r1) = (
        min(Int(fx) + span + 1, grid.columns - 1), min(Int(fy) + span + 1, grid.rows - 1)
      )
      guard c0 <= c1, r0 <= r1 else { continue }
      let strength = strength(place)
      for r in r0...r1 {
        for c in c0...c1 {
          let d = grid.node(column: c, row: r).distance(to: place.point)
          guard d < reach else { continue }
          sums[r * grid.columns + c].add(
            place, correlation: exp(-d / decorrelation), strength: strength)
        }
      }
    }
    for i in 0..<grid.count where sums[i].total > 0 {
      let estimate = sums[i].estimate
      mean[i] = Float(estimate.mean)
      remaining[i] = Float(estimate.remaining)
    }
    return (mean, remaining)
  }
}
