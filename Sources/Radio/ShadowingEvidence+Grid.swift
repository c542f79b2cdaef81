import Foundation
import Geometry

extension ShadowingEvidence {
  /// `estimate(at:)` at every node of `grid` (row-major), each place spread over the nodes
  /// within `reach` of it rather than every node visiting every place.
  public func estimates(over grid: FieldGrid) -> (mean: [Float], remaining: [Float]) {
    var mean = [Float](repeating: 0, count: grid.count)
    var remaining = [Float](repeating: 1, count: grid.count)
    guard decorrelation > 0, nugget.isFinite, !places.isEmpty else { return (mean, remaining) }
    var weighted = [Double](repeating: 0, count: grid.count)
    var total = [Double](repeating: 0, count: grid.count)
    var explained = [Double](repeating: 0, count: grid.count)
    let reach = reach
    let span = Int((reach / grid.spacing).rounded(.up))
    for place in places where place.readings > 0 {
      let (fx, fy) = grid.position(of: place.point)
      let (c0, r0) = (max(Int(fx) - span, 0), max(Int(fy) - span, 0))
      let (c1, r1) = (
        min(Int(fx) + span + 1, grid.columns - 1), min(Int(fy) + span + 1, grid.rows - 1)
      )
      guard c0 <= c1, r0 <= r1 else { continue }
      let n = Double(place.readings)
      let strength = n / (n + nugget)
      for r in r0...r1 {
        for c in c0...c1 {
          let d = grid.node(column: c, row: r).distance(to: place.point)
          guard d < reach else { continue }
          let correlation = exp(-d / decorrelation)
          let w = correlation * strength
          let i = r * grid.columns + c
          weighted[i] += w * place.residual
          total[i] += w
          explained[i] += w * correlation
        }
      }
    }
    for i in 0..<grid.count where total[i] > 0 {
      let scale = max(1, total[i])
      mean[i] = Float(weighted[i] / scale)
      remaining[i] = Float(min(1, max(0, 1 - explained[i] / scale)))
    }
    return (mean, remaining)
  }
}
