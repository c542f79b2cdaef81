import Foundation
import Geometry

/// A single-scan likelihood's posterior on one level of the map: weighted cell centres.
struct Posterior {
  /// Index into `RadioMap.levels`.
  var level: Int
  /// The level's cell size, metres: the least accuracy.
  var spacing: Double
  /// The cell centres (map frame, metres) and their weights.
  private(set) var cells: [(point: Point, weight: Double)] = []
  private var sum = Point.zero
  private var total = 0.0

  /// An empty posterior on `level`, whose cells are `spacing` metres.
  init(level: Int, spacing: Double) {
    (self.level, self.spacing) = (level, spacing)
  }

  /// Adds a cell centred at `point` with `weight` > 0.
  mutating func add(_ point: Point, weight: Double) {
    cells.append((point, weight))
    sum = sum + point * weight
    total += weight
  }

  /// The posterior mean, map frame (metres).
  var position: Point { sum / total }

  /// The radius around the mean that holds 95 % of the weight, metres (at least `spacing`).
  var accuracy: Double {
    let centre = position
    let byDistance = cells.map { ($0.point.distance(to: centre), $0.weight) }.sorted {
      $0.0 < $1.0
    }
    var mass = 0.0
    var radius = spacing
    for (d, w) in byDistance {
      mass += w
      radius = d
      if mass >= 0.95 * total { break }
    }
    return max(radius, spacing)
  }

  /// The estimate: level, mean and accuracy.
  var estimate: LevelEstimate {
    LevelEstimate(level: level, position: position, accuracy: accuracy)
  }
}
