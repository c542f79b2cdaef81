import Foundation
import Geometry

extension RadioMap {
  /// One square of a level's quality grid: where it is, how big, and the map's quality there.
  public struct QualityCell: Sendable, Hashable {
    /// The square's centre, metres in the map's frame.
    public var center: Point
    /// The square's side, metres.
    public var size: Double
    /// The map's quality at the square's representative cell (the mapped cell nearest its centre).
    public var quality: PointQuality
  }

  /// The most squares a quality grid draws for one level by default: enough to show a venue's
  /// corridors, few enough for a browser to draw without pausing.
  public static let qualityGridCells = 4_000

  /// The quality of level `level` on squares of a whole number of the map's cells, as few as
  /// keep the squares at or under `maxCells`: each square holding a mapped cell, its quality
  /// (APs heard, survey distance, the Cramér–Rao bound of one scan) at the mapped cell nearest
  /// its centre. Squares run from the grid's south-west corner, row by row.
  public func qualityGrid(level: Int, maxCells: Int = qualityGridCells) -> [QualityCell] {
    let l = levels[level]
    let mapped = l.inside.reduce(0) { $0 + ($1 ? 1 : 0) }
    guard mapped > 0 else { return [] }
    // Merging k × k cells divides the mapped cells by up to k² (less along the area's edges).
    var k = max(1, Int((Double(mapped) / Double(max(maxCells, 1))).squareRoot().rounded(.up)))
    var squares = representatives(of: l, merging: k)
    while squares.count > maxCells {
      k += 1
      squares = representatives(of: l, merging: k)
    }
    let size = Double(k) * l.spacing
    return squares.map { square in
      QualityCell(
        center: square.center, size: size,
        quality: quality(level: level, at: l.center(of: square.cell)))
    }
  }

  /// For each block of k × k cells of `l` holding a mapped cell: the block's centre and its
  /// mapped cell nearest that centre.
  private func representatives(of l: Level, merging k: Int) -> [(center: Point, cell: Int)] {
    var result: [(center: Point, cell: Int)] = []
    let offset = Double(k - 1) / 2 * l.spacing
    for r0 in stride(from: 0, to: l.rows, by: k) {
      for c0 in stride(from: 0, to: l.columns, by: k) {
        let center = Point(
          x: l.origin.x + Double(c0) * l.spacing + offset,
          y: l.origin.y + Double(r0) * l.spacing + offset)
        var best: (cell: Int, distance: Double)?
        for r in r0..<min(r0 + k, l.rows) {
          for c in c0..<min(c0 + k, l.columns) where l.inside[r * l.columns + c] {
            let d = l.center(of: r * l.columns + c) - center
            let distance = d.x * d.x + d.y * d.y
            if distance < best?.distance ?? .infinity { best = (r * l.columns + c, distance) }
          }
        }
        if let best { result.append((center, best.cell)) }
      }
    }
    return result
  }
}
