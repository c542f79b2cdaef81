/// A uniform-grid spatial index over items with bounding boxes, answering box and segment queries.
///
/// Each item is filed in every cell its box overlaps; queries return candidate item indices
/// (deduplicated), which callers refine with an exact test.
public struct GridIndex: Sendable {
  /// The indexed area.
  public let bounds: BoundingBox
  /// Cell edge length in metres.
  public let cellSize: Double
  @usableFromInline let columns: Int
  @usableFromInline let rows: Int
  /// Item indices per cell, flattened: cell `c` holds `items[starts[c] ..< starts[c + 1]]`.
  @usableFromInline let starts: [Int32]
  @usableFromInline let items: [Int32]

  /// The most cells along either axis: a stray coordinate far away coarsens the grid rather
  /// than exhausting memory.
  public static let maximumCells = 1024

  /// Builds an index of `boxes` (item `i` has box `boxes[i]`) with the given cell size in metres.
  public init(boxes: [BoundingBox], cellSize: Double) {
    let all = boxes.dropFirst().reduce(boxes.first ?? BoundingBox(min: .zero, max: .zero)) {
      $0.union($1)
    }
    let bounds = all.expanded(by: 1e-6)
    let size = Swift.max(cellSize, 1e-3)
    let columns = Swift.max(
      1, Swift.min(Self.maximumCells, Int((bounds.width / size).rounded(.up))))
    let rows = Swift.max(1, Swift.min(Self.maximumCells, Int((bounds.height / size).rounded(.up))))
    self.bounds = bounds
    self.cellSize = Swift.max(bounds.width / Double(columns), bounds.height / Double(rows), 1e-3)
    self.columns = columns
    self.rows = rows
    var buckets = [[Int32]](repeating: [], count: columns * rows)
    for (i, box) in boxes.enumerated() {
      let (c0, r0) = Self.cell(of: box.min, bounds: bounds, size: self.cellSize, columns, rows)
      let (c1, r1) = Self.cell(of: box.max, bounds: bounds, size: self.cellSize, columns, rows)
      for r in r0...r1 {
        for c in c0...c1 { buckets[r * columns + c].append(Int32(i)) }
      }
    }
    var starts: [Int32] = [0]
    starts.reserveCapacity(buckets.count + 1)
    for bucket in buckets { starts.append(starts[starts.count - 1] + Int32(bucket.count)) }
    self.starts = starts
    self.items = buckets.flatMap { $0 }
  }

  @inlinable
  static func cell(
    of p: Point, bounds: BoundingBox, size: Double, _ columns: Int, _ rows: Int
  ) -> (Int, Int) {
    let c = Int(((p.x - bounds.min.x) / size).rounded(.down))
    let r = Int(((p.y - bounds.min.y) / size).rounded(.down))
    return (Swift.min(Swift.max(c, 0), columns - 1), Swift.min(Swift.max(r, 0), rows - 1))
  }

  /// Calls `body` with each item whose cell holds `p`; nothing when `p` is outside the index.
  @inlinable
  public func forEachCandidate(at p: Point, _ body: (Int) -> Void) {
    guard bounds.contains(p) else { return }
    let (c, r) = Self.cell(of: p, bounds: bounds, size: cellSize, columns, rows)
    let cell = r * columns + c
    for k in Int(starts[cell])..<Int(starts[cell + 1]) { body(Int(items[k])) }
  }

  /// The distinct items filed in cells overlapping `box`, in ascending order.
  public func candidates(in box: BoundingBox) -> [Int] {
    guard box.intersects(bounds) else { return [] }
    let (c0, r0) = Self.cell(of: box.min, bounds: bounds, size: cellSize, columns, rows)
    let (c1, r1) = Self.cell(of: box.max, bounds: bounds, size: cellSize, columns, rows)
    var found = Set<Int32>()
    for r in r0...r1 {
      for c in c0...c1 {
        let cell = r * columns + c
        for k in Int(starts[cell])..<Int(starts[cell + 1]) { found.insert(items[k]) }
      }
    }
    return found.map(Int.init).sorted()
  }

  /// The distinct items filed in cells that `segment` passes through (its box's cells).
  public func candidates(along segment: Segment) -> [Int] {
    candidates(in: segment.bounds)
  }
}
