import Geometry
import Testing

@Suite struct SpatialIndexTests {
  /// A 10 × 10 grid of 3 m squares.
  let squares: [Polygon] = (0..<100).map { i in
    let x = Double(i % 10) * 3
    let y = Double(i / 10) * 3
    return Polygon([
      Point(x: x, y: y), Point(x: x + 3, y: y), Point(x: x + 3, y: y + 3), Point(x: x, y: y + 3),
    ])
  }

  @Test func polygonLookupAgreesWithBruteForce() {
    let index = PolygonIndex(squares, cellSize: 5)
    for k in 0..<500 {
      let p = Point(x: Double((k * 37) % 331) / 10 - 1, y: Double((k * 53) % 317) / 10 - 1)
      let brute = squares.firstIndex { $0.contains(p) }
      #expect(index.firstContaining(p) == brute, "at \(p)")
    }
    #expect(index.firstContaining(Point(x: 4.5, y: 7.5)) == 21)
    #expect(index.firstContaining(Point(x: 100, y: 100)) == nil)
  }

  @Test func segmentIndexFindsCrossedEdges() {
    let walls = squares.flatMap(\.edges)
    let index = SegmentIndex(walls, cellSize: 4)
    let probe = Segment(Point(x: 0.5, y: 1.5), Point(x: 10.5, y: 1.7))
    let brute = walls.indices.filter { walls[$0].intersects(probe) }
    #expect(index.crossed(by: probe) == brute)
    #expect(index.crossesAny(probe))
    #expect(!index.crossesAny(Segment(Point(x: 0.5, y: 0.5), Point(x: 2.5, y: 2.5))))
    #expect(!index.near(Point(x: 1.5, y: 0.2), within: 0.3).isEmpty)
  }
}
