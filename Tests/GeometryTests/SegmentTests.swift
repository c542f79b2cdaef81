import Geometry
import Testing

@Suite struct SegmentTests {
  @Test func properCrossing() {
    let a = Segment(Point(x: 0, y: 0), Point(x: 2, y: 2))
    let b = Segment(Point(x: 0, y: 2), Point(x: 2, y: 0))
    #expect(a.intersects(b))
    #expect(a.crossesProperly(b))
    #expect(a.intersection(with: b) == Point(x: 1, y: 1))
  }

  @Test func touchingCountsAsIntersectingButNotAsProperCrossing() {
    let a = Segment(Point(x: 0, y: 0), Point(x: 2, y: 0))
    let t = Segment(Point(x: 1, y: 0), Point(x: 1, y: 3))
    #expect(a.intersects(t))
    #expect(!a.crossesProperly(t))
  }

  @Test func disjointAndParallel() {
    let a = Segment(Point(x: 0, y: 0), Point(x: 2, y: 0))
    #expect(!a.intersects(Segment(Point(x: 0, y: 1), Point(x: 2, y: 1))))
    #expect(!a.intersects(Segment(Point(x: 3, y: 0), Point(x: 4, y: 0))))
    #expect(a.intersects(Segment(Point(x: 1, y: 0), Point(x: 4, y: 0))))  // collinear overlap
    #expect(a.intersection(with: Segment(Point(x: 0, y: 1), Point(x: 2, y: 1))) == nil)
  }

  @Test func closestPointAndDistance() {
    let s = Segment(Point(x: 0, y: 0), Point(x: 10, y: 0))
    #expect(s.distance(to: Point(x: 5, y: 3)) == 3)
    #expect(s.distance(to: Point(x: -3, y: 4)) == 5)
    #expect(s.closestPoint(to: Point(x: 12, y: 1)) == Point(x: 10, y: 0))
    #expect(s.length == 10)
  }
}
