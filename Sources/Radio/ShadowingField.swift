import Foundation
import Randomness

/// Spatially correlated Gaussian shadowing on a regular grid, drawn with GSL.
///
/// A separable two-dimensional AR(1) (Gauss–Markov) field: the correlation between two nodes is
/// exp(−|Δx|/d) · exp(−|Δy|/d) for decorrelation distance d, the variance σ² everywhere. Drawn
/// once from a seeded generator, so the same point always sees the same value.
enum ShadowingField {
  /// A `columns` × `rows` field (row-major) with node spacing `spacing` metres.
  static func draw(
    columns: Int, rows: Int, spacing: Double, sigma: Double, decorrelation: Double,
    generator: RandomGenerator
  ) -> [Float] {
    let a = decorrelation > 0 ? exp(-spacing / decorrelation) : 0
    let innovation = (1 - a * a).squareRoot()
    var along = [Double](repeating: 0, count: columns * rows)
    for r in 0..<rows {
      var previous = generator.gaussian(sigma: 1)
      along[r * columns] = previous
      for c in 1..<max(columns, 1) {
        previous = a * previous + innovation * generator.gaussian(sigma: 1)
        along[r * columns + c] = previous
      }
    }
    var field = [Float](repeating: 0, count: columns * rows)
    for c in 0..<columns {
      var previous = along[c]
      field[c] = Float(sigma * previous)
      for r in 1..<max(rows, 1) {
        previous = a * previous + innovation * along[r * columns + c]
        field[r * columns + c] = Float(sigma * previous)
      }
    }
    return field
  }
}
