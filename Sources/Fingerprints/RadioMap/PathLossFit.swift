import Foundation
import Geometry

/// A log-distance model of one AP on one level, fitted to survey observations:
/// RSSI(d) = power − 10 · exponent · log10(max(d, 1 m)), with the AP's position estimated from
/// where it is heard strongest.
struct PathLossFit {
  var position: Point
  var power: Double
  var exponent: Double

  /// The model RSSI at `p`, dBm.
  func rssi(at p: Point) -> Double {
    power - 10 * exponent * log10(max(p.distance(to: position), 1))
  }

  /// Fits the model to (position, mean RSSI) observations; nil with fewer than three.
  static func fit(_ observations: [(point: Point, rssi: Double, weight: Double)]) -> PathLossFit? {
    guard observations.count >= 3 else { return nil }
    // Position: the power-weighted centroid of the strongest observations.
    let strongest = observations.sorted { $0.rssi > $1.rssi }.prefix(
      max(3, observations.count / 10))
    var total = 0.0
    var centre = Point.zero
    for o in strongest {
      let w = pow(10, o.rssi / 10)
      centre = centre + o.point * w
      total += w
    }
    let position = centre / total
    // Power and exponent: weighted least squares of RSSI on −10·log10(d).
    var sw = 0.0
    var sx = 0.0
    var sy = 0.0
    var sxx = 0.0
    var sxy = 0.0
    for o in observations {
      let x = -10 * log10(max(o.point.distance(to: position), 1))
      sw += o.weight
      sx += o.weight * x
      sy += o.weight * o.rssi
      sxx += o.weight * x * x
      sxy += o.weight * x * o.rssi
    }
    let denominator = sw * sxx - sx * sx
    var exponent = denominator > 1e-9 ? (sw * sxy - sx * sy) / denominator : 3
    exponent = min(max(exponent, 1.5), 5)
    let power = (sy - exponent * sx) / sw
    return PathLossFit(position: position, power: power, exponent: exponent)
  }
}
