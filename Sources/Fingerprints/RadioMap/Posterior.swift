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

  /// The radius around the mean that holds 95 % of the weight, metres (at least `spacing`):
  /// the least cell distance d with 95 % of the weight at d or nearer, found by a weighted
  /// quickselect rather than sorting every cell.
  var accuracy: Double {
    let centre = position
    var items = cells.map { (distance: $0.point.distance(to: centre), weight: $0.weight) }
    let target = 0.95 * total
    // items[low..<high] holds the candidates; `below` is the weight of the cells nearer than
    // all of them (always short of the target).
    var (low, high, below) = (0, items.count, 0.0)
    while high - low > 1 {
      let pivot = items[(low + high) / 2].distance
      // Three ways: [low, less) nearer than the pivot, [less, more) at it, [more, high) farther.
      var (less, more, i) = (low, high, low)
      var (lessWeight, equalWeight) = (0.0, 0.0)
      while i < more {
        let d = items[i].distance
        if d < pivot {
          lessWeight += items[i].weight
          items.swapAt(i, less)
          less += 1
          i += 1
        } else if d > pivot {
          more -= 1
          items.swapAt(i, more)
        } else {
          equalWeight += items[i].weight
          i += 1
        }
      }
      if below + lessWeight >= target {
        high = less
      } else if below + lessWeight + equalWeight >= target {
        return max(pivot, spacing)
      } else {
        below += lessWeight + equalWeight
        low = more
      }
    }
    guard low < items.count else { return max(items.map(\.distance).max() ?? 0, spacing) }
    return max(items[low].distance, spacing)
  }

  /// The estimate: level, mean and accuracy.
  var estimate: LevelEstimate {
    LevelEstimate(level: level, position: position, accuracy: accuracy)
  }
}
