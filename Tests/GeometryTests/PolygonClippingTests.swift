import Geometry
import Testing

/// Polygons cut to a box (Sutherland–Hodgman): what floor plans keep of geometry that reaches
/// far beyond the venue.
@Suite struct PolygonClippingTests {
  let box = BoundingBox(min: Point(x: 0, y: 0), max: Point(x: 10, y: 10))

  @Test func aPolygonInsideIsKeptAsItIs() throws {
    let square = Polygon([
      Point(x: 1, y: 1), Point(x: 4, y: 1), Point(x: 4, y: 4), Point(x: 1, y: 4),
    ])
    #expect(square.clipped(to: box) == square)
  }

  @Test func aPolygonAcrossTheBoxKeepsItsPartInside() throws {
    // 20 m x 4 m from x = -5: 10 m of it inside; a hole across the edge is cut too.
    let strip = Polygon(
      exterior: Ring([
        Point(x: -5, y: 2), Point(x: 15, y: 2), Point(x: 15, y: 6), Point(x: -5, y: 6),
      ]),
      holes: [Ring([Point(x: 8, y: 3), Point(x: 12, y: 3), Point(x: 12, y: 5), Point(x: 8, y: 5)])])
    let cut = try #require(strip.clipped(to: box))
    #expect(abs(cut.exterior.area - 40) < 1e-9)
    #expect(abs(cut.holes.map(\.area).reduce(0, +) - 4) < 1e-9)
    #expect(cut.exterior.points.allSatisfy(box.contains))
  }

  @Test func aVertexOnAnotherContinentIsCutOff() throws {
    // One vertex 3,000 km east: the triangle's part in the box is what is kept.
    let stray = Polygon([Point(x: 0, y: 0), Point(x: 3_000_000, y: 0), Point(x: 0, y: 10)])
    let cut = try #require(stray.clipped(to: box))
    #expect(cut.bounds.max.x <= 10 && cut.bounds.max.y <= 10)
    #expect(abs(cut.area - 100) < 1e-3)
  }

  @Test func aPolygonOutsideIsDropped() {
    let away = Polygon([Point(x: 20, y: 20), Point(x: 30, y: 20), Point(x: 30, y: 30)])
    #expect(away.clipped(to: box) == nil)
    #expect(MultiPolygon([away]).clipped(to: box).polygons.isEmpty)
  }
}
