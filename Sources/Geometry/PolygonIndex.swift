/// Answers "which polygon contains this point" for a fixed set of polygons.
public struct PolygonIndex: Sendable {
  /// The indexed polygons; answers are indices into this array.
  public let polygons: [Polygon]
  @usableFromInline let grid: GridIndex

  /// Builds the index; `cellSize` in metres (default 4 m, fits rooms and corridors).
  public init(_ polygons: [Polygon], cellSize: Double = 4) {
    self.polygons = polygons
    self.grid = GridIndex(boxes: polygons.map(\.bounds), cellSize: cellSize)
  }

  /// The index of the first polygon containing `p` (lowest index wins), or `nil`.
  @inlinable
  public func firstContaining(_ p: Point) -> Int? {
    var best: Int?
    grid.forEachCandidate(at: p) { i in
      if best.map({ i < $0 }) ?? true, polygons[i].contains(p) { best = i }
    }
    return best
  }

  /// The indices of all polygons containing `p`, ascending.
  public func allContaining(_ p: Point) -> [Int] {
    var found: [Int] = []
    grid.forEachCandidate(at: p) { i in
      if polygons[i].contains(p) { found.append(i) }
    }
    return found.sorted()
  }
}

/// Answers "which edges does this segment cross" for a fixed set of segments (walls).
public struct SegmentIndex: Sendable {
  /// The indexed segments; answers are indices into this array.
  public let segments: [Segment]
  @usableFromInline let grid: GridIndex

  /// Builds the index; `cellSize` in metres.
  public init(_ segments: [Segment], cellSize: Double = 4) {
    self.segments = segments
    self.grid = GridIndex(boxes: segments.map(\.bounds), cellSize: cellSize)
  }

  /// Indices of the indexed segments that `segment` touches or crosses, ascending.
  public func crossed(by segment: Segment) -> [Int] {
    grid.candidates(along: segment).filter { segments[$0].intersects(segment) }
  }

  /// Like `crossed(by:)`, written into `found` (emptied first, its storage reused).
  public func crossed(by segment: Segment, into found: inout [Int32]) {
    grid.candidates(along: segment, into: &found)
    found.removeAll { !segments[Int($0)].intersects(segment) }
  }

  /// Whether `segment` touches or crosses any indexed segment.
  public func crossesAny(_ segment: Segment) -> Bool {
    // Through a buffer pointer: the test closure then captures no array (no retain per call).
    segments.withUnsafeBufferPointer { walls in
      grid.contains(along: segment) { walls[$0].intersects(segment) }
    }
  }

  /// Indices of indexed segments within `distance` metres of `p`.
  public func near(_ p: Point, within distance: Double) -> [Int] {
    let box = BoundingBox(min: p, max: p).expanded(by: distance)
    return grid.candidates(in: box).filter { segments[$0].distance(to: p) <= distance }
  }
}
