extension Ring {
  /// The ring cut to `box` (Sutherland–Hodgman against its four sides), nil when fewer than
  /// three points are left.
  public func clipped(to box: BoundingBox) -> Ring? {
    if points.allSatisfy(box.contains) { return self }
    var kept = points
    // Each side: keep what lies inside it, adding the crossings.
    let sides: [(inside: (Point) -> Bool, cross: (Point, Point) -> Point)] = [
      ({ $0.x >= box.min.x }, { Self.crossing($0, $1, x: box.min.x) }),
      ({ $0.x <= box.max.x }, { Self.crossing($0, $1, x: box.max.x) }),
      ({ $0.y >= box.min.y }, { Self.crossing($0, $1, y: box.min.y) }),
      ({ $0.y <= box.max.y }, { Self.crossing($0, $1, y: box.max.y) }),
    ]
    for side in sides {
      guard let last = kept.last else { return nil }
      var next: [Point] = []
      var previous = last
      for point in kept {
        switch (side.inside(previous), side.inside(point)) {
        case (true, true): next.append(point)
        case (true, false): next.append(side.cross(previous, point))
        case (false, true): next += [side.cross(previous, point), point]
        case (false, false): break
        }
        previous = point
      }
      kept = next
    }
    return kept.count >= 3 ? Ring(kept) : nil
  }

  static func crossing(_ a: Point, _ b: Point, x: Double) -> Point {
    Point(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
  }

  static func crossing(_ a: Point, _ b: Point, y: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y)
  }
}

extension Polygon {
  /// The polygon cut to `box` (its holes too), nil when nothing of its exterior is left.
  public func clipped(to box: BoundingBox) -> Polygon? {
    if bounds.min.x >= box.min.x, bounds.min.y >= box.min.y, bounds.max.x <= box.max.x,
      bounds.max.y <= box.max.y
    {
      return self
    }
    guard let outer = exterior.clipped(to: box) else { return nil }
    return Polygon(exterior: outer, holes: holes.compactMap { $0.clipped(to: box) })
  }
}

extension MultiPolygon {
  /// The polygons cut to `box`; those left outside it dropped.
  public func clipped(to box: BoundingBox) -> MultiPolygon {
    MultiPolygon(polygons.compactMap { $0.clipped(to: box) })
  }
}
