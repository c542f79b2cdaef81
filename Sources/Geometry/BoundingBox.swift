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
  public func intersects(_ other: BoundingBox) -> Bool {
    min.x <= other.max.x && other.min.x <= max.x && min.y <= other.max.y && other.min.y <= max.y
  }
}
