import Geometry
import Testing

@Suite struct PolygonTests {
  /// A 10 × 10 m square with a 2 × 2 m hole at (4…6, 4…6).
  let donut = Polygon(
    exterior: Ring([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
    ),
    holes: [Ring([Point(x: 4, y: 4), Point(x: 4, y: 6), Point(x: 6, y: 6), Point(x: 6, y: 4)])])

  @Test func areaAndCentroid() {
    #expect(donut.area == 96)
    #expect(donut.centroid.distance(to: Point(x: 5, y: 5)) < 1e-9)
    let l = Polygon([
      Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 1), Point(x: 1, y: 1), Point(x: 1, y: 2),
      Point(x: 0, y: 2),
    ])
    #expect(l.area == 3)
    #expect(l.centroid.distance(to: Point(x: 5.0 / 6, y: 5.0 / 6)) < 1e-9)
    #expect(l.exterior.signedArea > 0)
  }

  @Test func containmentRespectsHoles() {
    #expect(donut.contains(Point(x: 1, y: 1)))
    #expect(!donut.contains(Point(x: 5, y: 5)))
    #expect(!donut.contains(Point(x: 11, y: 5)))
    #expect(!donut.contains(Point(x: -0.1, y: 5)))
    #expect(donut.interiorPoint != Point(x: 5, y: 5))
    #expect(donut.contains(donut.interiorPoint))
  }

  @Test func distanceToBoundaryIncludesHoles() {
    #expect(abs(donut.distanceToBoundary(from: Point(x: 5, y: 3)) - 1) < 1e-12)
    #expect(abs(donut.distanceToBoundary(from: Point(x: 1, y: 5)) - 1) < 1e-12)
    #expect(abs(donut.distanceToBoundary(from: Point(x: 13, y: 14)) - 5) < 1e-12)
  }

  @Test func ringDropsRepeatedClosingPoint() {
    let ring = Ring([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 0)])
    #expect(ring.points.count == 3)
    #expect(ring.edges.count == 3)
  }

  @Test func selfIntersectionIsFound() {
    let bowtie = Ring([Point(x: 0, y: 0), Point(x: 2, y: 2), Point(x: 2, y: 0), Point(x: 0, y: 2)])
    #expect(bowtie.isSelfIntersecting)
    #expect(bowtie.firstSelfIntersection?.distance(to: Point(x: 1, y: 1)) ?? 9 < 1e-9)
    #expect(!donut.exterior.isSelfIntersecting)
  }

  @Test func edgesCrossedBySegment() {
    let crossed = donut.edgesCrossed(by: Segment(Point(x: -1, y: 5), Point(x: 5, y: 5)))
    #expect(crossed.count == 2)  // the west wall and the hole's west edge
    #expect(donut.edgesCrossed(by: Segment(Point(x: 1, y: 1), Point(x: 2, y: 2))).isEmpty)
  }

  @Test func multiPolygon() {
    let a = Polygon([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)])
    let b = Polygon([Point(x: 3, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 1), Point(x: 3, y: 1)])
    let m = MultiPolygon([a, b])
    #expect(m.area == 2)
    #expect(m.centroid == Point(x: 2, y: 0.5))
    #expect(m.contains(Point(x: 3.5, y: 0.5)))
    #expect(!m.contains(Point(x: 2, y: 0.5)))
    #expect(m.bounds == BoundingBox(min: .zero, max: Point(x: 4, y: 1)))
  }
}
