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
    // Counted, then filed (no array per cell: a stray coordinate makes a million cells).
    let step = self.cellSize
    let spans = boxes.map { box in
      let (c0, r0) = Self.cell(of: box.min, bounds: bounds, size: step, columns, rows)
      let (c1, r1) = Self.cell(of: box.max, bounds: bounds, size: step, columns, rows)
      return (c0: c0, r0: r0, c1: c1, r1: r1)
    }
    var starts = [Int32](repeating: 0, count: columns * rows + 1)
    for span in spans {
      for r in span.r0...span.r1 {
        for c in span.c0...span.c1 { starts[r * columns + c + 1] += 1 }
      }
    }
    for cell in 0..<(columns * rows) { starts[cell + 1] += starts[cell] }
    var next = starts
    var items = [Int32](repeating: 0, count: Int(starts[columns * rows]))
    for (i, span) in spans.enumerated() {
      for r in span.r0...span.r1 {
        for c in span.c0...span.c1 {
          items[Int(next[r * columns + c])] = Int32(i)
          next[r * columns + c] += 1
        }
      }
    }
    self.starts = starts
    self.items = items
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

  /// The distinct items filed in the cells `segment` passes through, in ascending order.
  ///
  /// Walks the cells along the segment (Amanatides–Woo), so a long diagonal ray visits a few
  /// dozen cells rather than every cell of its bounding box.
  public func candidates(along segment: Segment) -> [Int] {
    var found: [Int32] = []
    candidates(along: segment, into: &found)
    return found.map(Int.init)
  }

  /// Like `candidates(along:)`, written into `found` (emptied first, its storage reused), so
  /// loops casting many rays need not allocate.
  public func candidates(along segment: Segment, into found: inout [Int32]) {
    found.removeAll(keepingCapacity: true)
    // Every item lies in the grid: only the part of the segment inside it matters.
    guard let inside = bounds.clip(segment) else { return }
    forEachCell(along: inside) { cell in
      for k in Int(starts[cell])..<Int(starts[cell + 1]) { found.append(items[k]) }
      return false
    }
    guard found.count > 1 else { return }
    found.sort()
    var kept = 1
    for k in 1..<found.count where found[k] != found[kept - 1] {
      found[kept] = found[k]
      kept += 1
    }
    found.removeLast(found.count - kept)
  }

  /// Calls `body` with each cell index the segment passes through, from `a` to `b`.
  func forEachCell(along segment: Segment, _ body: (Int) -> Bool) {
    guard segment.bounds.intersects(bounds) else { return }
    var (c, r) = Self.cell(of: segment.a, bounds: bounds, size: cellSize, columns, rows)
    let (c1, r1) = Self.cell(of: segment.b, bounds: bounds, size: cellSize, columns, rows)
    let dx = segment.b.x - segment.a.x
    let dy = segment.b.y - segment.a.y
    let stepC = dx > 0 ? 1 : -1
    let stepR = dy > 0 ? 1 : -1
    func boundary(_ index: Int, _ step: Int, _ origin: Double) -> Double {
      origin + Double(step > 0 ? index + 1 : index) * cellSize
    }
    var tMaxX = dx == 0 ? Double.infinity : (boundary(c, stepC, bounds.min.x) - segment.a.x) / dx
    var tMaxY = dy == 0 ? Double.infinity : (boundary(r, stepR, bounds.min.y) - segment.a.y) / dy
    let tDeltaX = dx == 0 ? Double.infinity : cellSize / abs(dx)
    let tDeltaY = dy == 0 ? Double.infinity : cellSize / abs(dy)
    let limit = abs(c1 - c) + abs(r1 - r) + 1
    for _ in 0..<limit {
      if body(r * columns + c) { return }
      if c == c1 && r == r1 { break }
      // Step into the next cell; on an exact corner take both steps so no cell is skipped.
      if tMaxX < tMaxY {
        c += stepC
        tMaxX += tDeltaX
      } else if tMaxY < tMaxX {
        r += stepR
        tMaxY += tDeltaY
      } else {
        if body(r * columns + Swift.min(Swift.max(c + stepC, 0), columns - 1)) { return }
        c += stepC
        r += stepR
        tMaxX += tDeltaX
        tMaxY += tDeltaY
      }
      guard (0..<columns).contains(c), (0..<rows).contains(r) else { break }
    }
  }

  /// Whether `test` holds for an item filed in a cell `segment` passes through; stops at the
  /// first, allocates nothing (items in several cells may be tested more than once).
  public func contains(along segment: Segment, where test: (Int) -> Bool) -> Bool {
    // Every item lies in the grid: only the part of the segment inside it matters.
    guard let inside = bounds.clip(segment) else { return false }
    // Short moves mostly stay in one cell: test its items without walking.
    let (ca, ra) = Self.cell(of: inside.a, bounds: bounds, size: cellSize, columns, rows)
    let (cb, rb) = Self.cell(of: inside.b, bounds: bounds, size: cellSize, columns, rows)
    return starts.withUnsafeBufferPointer { starts in
      items.withUnsafeBufferPointer { items in
        if ca == cb, ra == rb {
          let cell = ra * columns + ca
          for k in Int(starts[cell])..<Int(starts[cell + 1]) where test(Int(items[k])) {
            return true
          }
          return false
        }
        var found = false
        forEachCell(along: inside) { cell in
          for k in Int(starts[cell])..<Int(starts[cell + 1]) where test(Int(items[k])) {
            found = true
            return true
          }
          return false
        }
        return found
      }
    }
  }
}
