/// A polygon in the local frame: an exterior ring with zero or more holes.
public struct Polygon: Hashable, Sendable, Codable {
  /// The outer boundary.
  public var exterior: Ring
  /// Holes cut out of the exterior.
  public var holes: [Ring]
  /// The cached bounding box of the exterior.
  public let bounds: BoundingBox

  /// Creates a polygon from its exterior and holes.
  public init(exterior: Ring, holes: [Ring] = []) {
    self.exterior = exterior
    self.holes = holes
    self.bounds = exterior.bounds
  }

  /// Creates a polygon without holes from its exterior vertices.
  public init(_ points: [Point]) {
    self.init(exterior: Ring(points))
  }

  /// All rings, exterior first.
  public var rings: [Ring] { [exterior] + holes }

  /// The area in square metres, holes subtracted.
  public var area: Double {
    holes.reduce(exterior.area) { $0 - $1.area }
  }

  /// The area centroid, holes accounted for.
  public var centroid: Point {
    var weighted = exterior.centroid * exterior.area
    var total = exterior.area
    for hole in holes {
      weighted = weighted - hole.centroid * hole.area
      total -= hole.area
    }
    return total > 1e-12 ? weighted / total : exterior.centroid
  }

  /// All boundary edges: the exterior's and the holes'.
  public var edges: [Segment] { rings.flatMap(\.edges) }

  /// Whether `p` lies inside the exterior and outside every hole.
  @inlinable
  public func contains(_ p: Point) -> Bool {
    guard bounds.contains(p), exterior.contains(p) else { return false }
    for hole in holes where hole.contains(p) { return false }
    return true
  }

  /// The distance in metres from `p` to the nearest boundary edge (exterior or hole).
  public func distanceToBoundary(from p: Point) -> Double {
    rings.reduce(Double.infinity) { Swift.min($0, $1.distanceToBoundary(from: p)) }
  }

  /// The boundary edges that `segment` touches or crosses.
  public func edgesCrossed(by segment: Segment) -> [Segment] {
    guard bounds.intersects(segment.bounds) else { return [] }
    return edges.filter { $0.intersects(segment) }
  }

  /// A point guaranteed inside the polygon (the centroid when inside, else a scan-line point).
  public var interiorPoint: Point {
    let c = centroid
    if contains(c) { return c }
    // Cross the box at the centroid's height; take the midpoint of the widest inside span.
    var xs: [Double] = []
    for edge in edges where (edge.a.y > c.y) != (edge.b.y > c.y) {
      xs.append(edge.a.x + (c.y - edge.a.y) * (edge.b.x - edge.a.x) / (edge.b.y - edge.a.y))
    }
    xs.sort()
    var best = c
    var bestWidth = -1.0
    var i = 0
    while i + 1 < xs.count {
      if xs[i + 1] - xs[i] > bestWidth {
        bestWidth = xs[i + 1] - xs[i]
        best = Point(x: (xs[i] + xs[i + 1]) / 2, y: c.y)
      }
      i += 2
    }
    return best
  }
}

/// A set of polygons treated as one shape.
public struct MultiPolygon: Hashable, Sendable, Codable {
  /// The member polygons.
  public var polygons: [Polygon]

  /// Creates a multipolygon from its members.
  public init(_ polygons: [Polygon]) {
    self.polygons = polygons
  }

  /// The total area in square metres.
  public var area: Double { polygons.reduce(0) { $0 + $1.area } }

  /// The area-weighted centroid of the members.
  public var centroid: Point {
    let total = area
    guard total > 0 else { return polygons.first?.centroid ?? .zero }
    return polygons.reduce(Point.zero) { $0 + $1.centroid * $1.area } / total
  }

  /// The bounding box of all members, or `nil` when empty.
  public var bounds: BoundingBox? {
    polygons.map(\.bounds).reduce(nil) { $0?.union($1) ?? $1 }
  }

  /// Whether any member contains `p`.
  public func contains(_ p: Point) -> Bool {
    polygons.contains { $0.contains(p) }
  }

  /// The distance in metres from `p` to the nearest member boundary.
  public func distanceToBoundary(from p: Point) -> Double {
    polygons.reduce(Double.infinity) { Swift.min($0, $1.distanceToBoundary(from: p)) }
  }

  /// All boundary edges of all members.
  public var edges: [Segment] { polygons.flatMap(\.edges) }
}
