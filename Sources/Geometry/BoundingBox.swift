/// An axis-aligned rectangle in the local frame, in metres.
public struct BoundingBox: Hashable, Sendable, Codable {
  /// The south-west corner.
  public var min: Point
  /// The north-east corner.
  public var max: Point

  /// Creates a box from its corners.
  public init(min: Point, max: Point) {
    self.min = min
    self.max = max
  }

  /// The smallest box holding all points, or `nil` for none.
  public init?<S: Sequence>(points: S) where S.Element == Point {
    var iterator = points.makeIterator()
    guard let first = iterator.next() else { return nil }
    var box = BoundingBox(min: first, max: first)
    while let p = iterator.next() { box.include(p) }
    self = box
  }

  /// East–west extent in metres.
  public var width: Double { max.x - min.x }
  /// North–south extent in metres.
  public var height: Double { max.y - min.y }
  /// The centre point.
  public var center: Point { Point(x: (min.x + max.x) / 2, y: (min.y + max.y) / 2) }

  /// Grows the box to hold `point`.
  public mutating func include(_ point: Point) {
    min.x = Swift.min(min.x, point.x)
    min.y = Swift.min(min.y, point.y)
    max.x = Swift.max(max.x, point.x)
    max.y = Swift.max(max.y, point.y)
  }

  /// The smallest box holding both boxes.
  public func union(_ other: BoundingBox) -> BoundingBox {
    var box = self
    box.include(other.min)
    box.include(other.max)
    return box
  }

  /// The box grown by `margin` metres on every side.
  public func expanded(by margin: Double) -> BoundingBox {
    BoundingBox(
      min: Point(x: min.x - margin, y: min.y - margin),
      max: Point(x: max.x + margin, y: max.y + margin))
  }

  /// Whether the point lies inside or on the box.
  @inlinable
  public func contains(_ p: Point) -> Bool {
    p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y
  }

  /// Whether the two boxes overlap or touch.
  @inlinable
  /// The part of `segment` inside the box (Liang–Barsky), or `nil` when it misses the box.
  public func clip(_ segment: Segment) -> Segment? {
    if contains(segment.a), contains(segment.b) { return segment }
    let d = segment.b - segment.a
    var t0 = 0.0
    var t1 = 1.0
    // One edge: p is the direction's component towards the outside, q the room left inside.
    func edge(_ p: Double, _ q: Double) -> Bool {
      if p == 0 { return q >= 0 }
      let r = q / p
      if p < 0 { t0 = Swift.max(t0, r) } else { t1 = Swift.min(t1, r) }
      return t0 <= t1
    }
    guard edge(-d.x, segment.a.x - min.x), edge(d.x, max.x - segment.a.x),
      edge(-d.y, segment.a.y - min.y), edge(d.y, max.y - segment.a.y)
    else { return nil }
    return Segment(segment.a + d * t0, segment.a + d * t1)
  }

  public func intersects(_ other: BoundingBox) -> Bool {
    min.x <= other.max.x && other.min.x <= max.x && min.y <= other.max.y && other.min.y <= max.y
  }
}
