import Foundation
import Geometry

extension RadioMap {
  /// What the map itself says about positioning at one point of a level: how many APs a scan
  /// hears there, how far the survey was, and the best error a single scan can reach.
  public struct PointQuality: Sendable, Hashable, Codable {
    /// APs a scan is expected to hear there: the sum of their detection probabilities.
    public var heard: Double
    /// Distance to the level's nearest surveyed point, metres (nil: the level has none).
    public var surveyDistance: Double?
    /// The Cramér–Rao bound on a single scan's RMS horizontal error there, metres (nil: the
    /// map cannot tell the point from its neighbours, the information is singular).
    public var expectedError: Double?
  }

  /// The APs whose detection probability is below this in a cell add no information there.
  static let informationFloor = 0.005

  /// The quality of level `level` at `point`: APs heard, survey distance and expected error.
  ///
  /// The expected error is sqrt(trace(I⁻¹)) of the Fisher information I of one scan about the
  /// position, under the likelihood the localizers use: for each AP, its RSSI when heard
  /// (Student-t with 4 degrees of freedom, scale the spread widened by the map's noise:
  /// p·(ν+1)/((ν+3)s²)·∇μ∇μᵀ) and whether it is heard at all (Bernoulli:
  /// ∇p∇pᵀ/(p(1−p))), gradients by central differences on the map's grid.
  public func quality(level: Int, at point: Point) -> PointQuality {
    let l = levels[level]
    let cell = l.cell(at: point)
    let (c, r) = (cell % l.columns, cell / l.columns)
    // Neighbours one cell either side (one-sided at the grid's edge), and their distance.
    let left = c > 0 ? cell - 1 : cell
    let right = c < l.columns - 1 ? cell + 1 : cell
    let down = r > 0 ? cell - l.columns : cell
    let up = r < l.rows - 1 ? cell + l.columns : cell
    let dx = Double((right - left)) * l.spacing
    let dy = Double((up - down) / l.columns) * l.spacing
    let nu = Double(LikelihoodTable.degreesOfFreedom)
    let tInformation = (nu + 1) / (nu + 3)
    var heard = 0.0
    var (ixx, ixy, iyy) = (0.0, 0.0, 0.0)
    for j in l.accessPoints.indices {
      let here = expectation(level: level, cell: cell, slot: j)
      heard += here.detection
      guard here.detection >= Self.informationFloor else { continue }
      let e = (
        left: expectation(level: level, cell: left, slot: j),
        right: expectation(level: level, cell: right, slot: j),
        down: expectation(level: level, cell: down, slot: j),
        up: expectation(level: level, cell: up, slot: j)
      )
      let gx = dx > 0 ? (e.right.rssi - e.left.rssi) / dx : 0
      let gy = dy > 0 ? (e.up.rssi - e.down.rssi) / dy : 0
      let scale2 = here.spread * here.spread + measurementSigma * measurementSigma
      let w = here.detection * tInformation / scale2
      let p = here.detection.clamped(to: 0.001...0.999)
      let px = dx > 0 ? (e.right.detection - e.left.detection) / dx : 0
      let py = dy > 0 ? (e.up.detection - e.down.detection) / dy : 0
      let b = 1 / (p * (1 - p))
      ixx += w * gx * gx + b * px * px
      ixy += w * gx * gy + b * px * py
      iyy += w * gy * gy + b * py * py
    }
    let determinant = ixx * iyy - ixy * ixy
    let bound = determinant > 1e-12 ? ((ixx + iyy) / determinant).squareRoot() : nil
    return PointQuality(
      heard: heard, surveyDistance: nearestSurveyDistance(level: level, to: point),
      expectedError: bound)
  }

  /// The distance from `point` to the nearest aggregated survey point of level `level`, metres.
  public func nearestSurveyDistance(level: Int, to point: Point) -> Double? {
    var best = Double.infinity
    for p in levels[level].points {
      let d = p.position - point
      best = min(best, d.x * d.x + d.y * d.y)
    }
    return best.isFinite ? best.squareRoot() : nil
  }
}
