/// A straight line segment between two points of the local frame.
public struct Segment: Hashable, Sendable, Codable {
  /// The start point.
  public var a: Point
  /// The end point.
  public var b: Point

  /// Creates a segment from its end points.
  @inlinable
  public init(_ a: Point, _ b: Point) {
    self.a = a
    self.b = b
  }

  /// Length in metres.
  public var length: Double { a.distance(to: b) }
  /// The midpoint.
  public var midpoint: Point { a.interpolated(to: b, at: 0.5) }
  /// The bounding box.
  public var bounds: BoundingBox {
    BoundingBox(
      min: Point(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y)),
      max: Point(x: Swift.max(a.x, b.x), y: Swift.max(a.y, b.y)))
  }

  /// The point of the segment closest to `p`.
  public func closestPoint(to p: Point) -> Point {
    let d = b - a
    let lengthSquared = d.dot(d)
    guard lengthSquared > 0 else { return a }
    let t = Swift.min(1, Swift.max(0, (p - a).dot(d) / lengthSquared))
    return a + d * t
  }

  /// The distance from `p` to the segment in metres.
  public func distance(to p: Point) -> Double {
    closestPoint(to: p).distance(to: p)
  }

  /// Whether the two segments share at least one point (touching counts).
  @inlinable
  public func intersects(_ other: Segment) -> Bool {
    let d1 = Self.orientation(other.a, other.b, a)
    let d2 = Self.orientation(other.a, other.b, b)
    let d3 = Self.orientation(a, b, other.a)
    let d4 = Self.orientation(a, b, other.b)
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
      return true
    }
    if d1 == 0 && Self.onSegment(other.a, other.b, a) { return true }
    if d2 == 0 && Self.onSegment(other.a, other.b, b) { return true }
    if d3 == 0 && Self.onSegment(a, b, other.a) { return true }
    if d4 == 0 && Self.onSegment(a, b, other.b) { return true }
    return false
  }

  /// Whether the segments cross at a single point interior to both (no touching, no overlap).
  @inlinable
  public func crossesProperly(_ other: Segment) -> Bool {
    let d1 = Self.orientation(other.a, other.b, a)
    let d2 = Self.orientation(other.a, other.b, b)
    let d3 = Self.orientation(a, b, other.a)
    let d4 = Self.orientation(a, b, other.b)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
  }

  /// The crossing point of two non-parallel intersecting segments, or `nil`.
  public func intersection(with other: Segment) -> Point? {
    let r = b - a
    let s = other.b - other.a
    let denominator = r.cross(s)
    guard denominator != 0 else { return nil }
    let t = (other.a - a).cross(s) / denominator
    let u = (other.a - a).cross(r) / denominator
    guard t >= 0, t <= 1, u >= 0, u <= 1 else { return nil }
    return a + r * t
  }

  /// Twice the signed area of triangle (p, q, r): positive when counter-clockwise.
  @inlinable
  public static func orientation(_ p: Point, _ q: Point, _ r: Point) -> Double {
    (q - p).cross(r - p)
  }

  @inlinable
  static func onSegment(_ p: Point, _ q: Point, _ r: Point) -> Bool {
    r.x >= Swift.min(p.x, q.x) && r.x <= Swift.max(p.x, q.x) && r.y >= Swift.min(p.y, q.y)
      && r.y <= Swift.max(p.y, q.y)
  }
}
