import Fingerprints
import Foundation
import Geometry
import Testing

/// A level's quality on a grid of squares (what the web map's radio-map layers draw): every
/// mapped cell covered once, merged into bigger squares when there are too many.
@Suite struct RadioMapQualityGridTests {
  let map = Synthetic.map

  @Test func eachMappedCellIsASquareWhenFewEnough() throws {
    let level = map.levels[0]
    let mapped = level.inside.filter { $0 }.count
    let grid = map.qualityGrid(level: 0, maxCells: mapped)
    #expect(grid.count == mapped)
    #expect(grid.allSatisfy { $0.size == level.spacing })
    let near = level.center(of: level.cell(at: Point(x: 11, y: 7)))
    let square = try #require(grid.first { $0.center.distance(to: near) < 1e-9 })
    #expect(square.quality == map.quality(level: 0, at: near))
  }

  @Test func squaresMergeUnderTheLimitAndStillCoverEveryMappedCell() {
    let level = map.levels[0]
    let mapped = level.inside.filter { $0 }.count
    let limit = mapped / 10
    let grid = map.qualityGrid(level: 0, maxCells: limit)
    #expect(grid.count <= limit && grid.count > limit / 4, "\(grid.count) squares, \(mapped) cells")
    let size = grid[0].size
    let k = (size / level.spacing).rounded()
    #expect(k >= 3 && abs(size - k * level.spacing) < 1e-9)
    // Every mapped cell's centre lies in exactly one square.
    for cell in level.inside.indices where level.inside[cell] {
      let p = level.center(of: cell)
      let holding = grid.filter {
        abs(p.x - $0.center.x) < size / 2 + 1e-9 && abs(p.y - $0.center.y) < size / 2 + 1e-9
      }
      #expect(holding.count == 1, "cell \(cell) at \(p)")
    }
    // The quality of a square is that of a mapped cell inside it.
    #expect(grid.allSatisfy { $0.quality.heard > 0 })
  }
}
