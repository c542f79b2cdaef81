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

  @Test func rayWalkAgreesWithBruteForceOnRandomSegments() {
    let walls = squares.flatMap(\.edges)
    let index = SegmentIndex(walls, cellSize: 2.5)
    var state: UInt64 = 99
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) * 34 - 2
    }
    for _ in 0..<2000 {
      let probe = Segment(Point(x: next(), y: next()), Point(x: next(), y: next()))
      let brute = walls.indices.filter { walls[$0].intersects(probe) }
      #expect(index.crossed(by: probe) == brute, "\(probe)")
      #expect(index.crossesAny(probe) == !brute.isEmpty, "\(probe)")
    }
    // Axis-aligned and exactly diagonal rays through cell corners.
    for probe in [
      Segment(Point(x: 0.5, y: 0.5), Point(x: 29.5, y: 29.5)),
      Segment(Point(x: 7.5, y: 0.1), Point(x: 7.5, y: 29.9)),
      Segment(Point(x: 29, y: 1), Point(x: 1, y: 1)),
    ] {
      #expect(index.crossed(by: probe) == walls.indices.filter { walls[$0].intersects(probe) })
    }
  }
}
