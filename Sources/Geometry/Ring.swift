/// A closed ring of points in the local frame; the closing point is implied, not repeated.
public struct Ring: Hashable, Sendable, Codable {
  /// The vertices in order, without a repeated first point at the end.
  public var points: [Point]

  /// Creates a ring, dropping a repeated closing point if present.
  public init(_ points: [Point]) {
    var points = points
    if points.count > 1, points.first == points.last { points.removeLast() }
    self.points = points
  }

  /// The signed area in square metres: positive when counter-clockwise.
  public var signedArea: Double {
    guard points.count >= 3 else { return 0 }
    var sum = 0.0
    var previous = points[points.count - 1]
    for p in points {
      sum += previous.cross(p)
      previous = p
    }
    return sum / 2
  }

  /// The enclosed area in square metres.
  public var area: Double { abs(signedArea) }

  /// The area centroid (the vertex mean for a degenerate ring).
  public var centroid: Point {
    let a = signedArea
    guard abs(a) > 1e-12 else {
      return points.reduce(Point.zero, +) / Double(Swift.max(points.count, 1))
    }
    var cx = 0.0
    var cy = 0.0
    var previous = points[points.count - 1]
    for p in points {
      let c = previous.cross(p)
      cx += (previous.x + p.x) * c
      cy += (previous.y + p.y) * c
      previous = p
    }
    return Point(x: cx / (6 * a), y: cy / (6 * a))
  }

  /// The bounding box.
  public var bounds: BoundingBox {
    BoundingBox(points: points) ?? BoundingBox(min: .zero, max: .zero)
  }

  /// The edges, closing edge included.
  public var edges: [Segment] {
    guard points.count >= 2 else { return [] }
    return points.indices.map { Segment(points[$0], points[($0 + 1) % points.count]) }
  }

  /// Whether `p` lies inside the ring (even–odd rule; points on the boundary may go either way).
  @inlinable
  public func contains(_ p: Point) -> Bool {
    var inside = false
    let count = points.count
    guard count >= 3 else { return false }
    var j = count - 1
    points.withUnsafeBufferPointer { v in
      for i in 0..<count {
        let pi = v[i]
        let pj = v[j]
        if (pi.y > p.y) != (pj.y > p.y),
          p.x < (pj.x - pi.x) * (p.y - pi.y) / (pj.y - pi.y) + pi.x
        {
          inside.toggle()
        }
        j = i
      }
    }
    return inside
  }

  /// The distance in metres from `p` to the nearest edge.
  public func distanceToBoundary(from p: Point) -> Double {
    edges.reduce(Double.infinity) { Swift.min($0, $1.distance(to: p)) }
  }

  /// Whether two non-adjacent edges touch or cross (a ring with fewer than 3 points counts too).
  public var isSelfIntersecting: Bool {
    firstSelfIntersection != nil
  }

  /// The first point where two non-adjacent edges meet, if any.
  ///
  /// Candidate pairs come from a grid of the edges, so a ring of many thousand vertices is
  /// checked in about linear time rather than quadratic.
  public var firstSelfIntersection: Point? {
    let e = edges
    let n = e.count
    guard n >= 3 else { return nil }
    let box = bounds
    let cell = Swift.max(box.width, box.height) / Swift.max(1, Double(n).squareRoot())
    let index = SegmentIndex(e, cellSize: Swift.max(cell, 1e-6))
    for i in 0..<n {
      for j in index.grid.candidates(in: e[i].bounds) where j > i {
        if j == i + 1 || (i == 0 && j == n - 1) { continue }
        guard e[i].intersects(e[j]) else { continue }
        return e[i].intersection(with: e[j]) ?? e[i].a
      }
    }
    return nil
  }
}
