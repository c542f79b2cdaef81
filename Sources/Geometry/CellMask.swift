/// A yes/no raster over a box of square cells: polygons filled in by scan line, shrunk and grown
/// by whole cells, split into connected regions.
public struct CellMask: Sendable, Hashable {
  /// The lower-left corner of cell (0, 0), metres.
  public let origin: Point
  /// The side of a cell, metres.
  public let step: Double
  /// Cells per row.
  public let columns: Int
  /// Rows of cells.
  public let rows: Int
  /// The cells, row by row from the bottom: `cells[row * columns + column]`.
  public var cells: [Bool]

  /// An empty mask covering `box` with cells `step` metres wide.
  public init(covering box: BoundingBox, step: Double) {
    self.origin = box.min
    self.step = step
    columns = max(1, Int((box.width / step).rounded(.up)))
    rows = max(1, Int((box.height / step).rounded(.up)))
    cells = Array(repeating: false, count: columns * rows)
  }

  /// The number of cells set.
  public var count: Int { cells.count { $0 } }

  /// The area of the cells set, square metres.
  public var area: Double { Double(count) * step * step }

  /// The centre of cell (`column`, `row`).
  public func centre(_ column: Int, _ row: Int) -> Point {
    Point(x: origin.x + (Double(column) + 0.5) * step, y: origin.y + (Double(row) + 0.5) * step)
  }

  /// The cell holding `p`, or `nil` outside the mask.
  public func cell(at p: Point) -> (column: Int, row: Int)? {
    let c = Int(((p.x - origin.x) / step).rounded(.down))
    let r = Int(((p.y - origin.y) / step).rounded(.down))
    guard c >= 0, r >= 0, c < columns, r < rows else { return nil }
    return (c, r)
  }

  /// Whether cell (`column`, `row`) is set; `false` outside the mask.
  public func isSet(_ column: Int, _ row: Int) -> Bool {
    column >= 0 && row >= 0 && column < columns && row < rows && cells[row * columns + column]
  }

  /// Sets (or clears, when `value` is false) every cell whose centre lies inside `polygon`
  /// (even–odd over its exterior and holes).
  public mutating func fill(_ polygon: Polygon, value: Bool = true) {
    var crossings: [[Double]] = Array(repeating: [], count: rows)
    for edge in polygon.edges where edge.a.y != edge.b.y {
      let low = min(edge.a.y, edge.b.y)
      let high = max(edge.a.y, edge.b.y)
      // Rows whose centre y is in [low, high): each crossing counted once.
      let first = max(0, Int(((low - origin.y) / step - 0.5).rounded(.up)))
      let last = min(rows - 1, Int(((high - origin.y) / step - 0.5).rounded(.up)) - 1)
      guard first <= last else { continue }
      for r in first...last {
        let y = origin.y + (Double(r) + 0.5) * step
        let x = edge.a.x + (y - edge.a.y) * (edge.b.x - edge.a.x) / (edge.b.y - edge.a.y)
        crossings[r].append(x)
      }
    }
    for r in 0..<rows where crossings[r].count >= 2 {
      let xs = crossings[r].sorted()
      var i = 0
      while i + 1 < xs.count {
        // Cells whose centre x lies in [xs[i], xs[i + 1]).
        let from = max(0, Int(((xs[i] - origin.x) / step - 0.5).rounded(.up)))
        let to = min(columns - 1, Int(((xs[i + 1] - origin.x) / step - 0.5).rounded(.up)) - 1)
        if from <= to {
          for c in from...to { cells[r * columns + c] = value }
        }
        i += 2
      }
    }
  }

  /// The cells whose whole (2`radius` + 1)-cell square neighbourhood is set.
  public func eroded(by radius: Int) -> CellMask {
    morphed(by: radius, keep: true)
  }

  /// The cells with any set cell in their (2`radius` + 1)-cell square neighbourhood.
  public func dilated(by radius: Int) -> CellMask {
    morphed(by: radius, keep: false)
  }

  /// Erosion (`keep` = true: every cell of the window set) or dilation (any set), one axis at a
  /// time with running counts.
  private func morphed(by radius: Int, keep all: Bool) -> CellMask {
    guard radius > 0 else { return self }
    var result = self
    for horizontal in [true, false] {
      let source = result.cells
      let lines = horizontal ? rows : columns
      let length = horizontal ? columns : rows
      func index(_ line: Int, _ k: Int) -> Int {
        horizontal ? line * columns + k : k * columns + line
      }
      for line in 0..<lines {
        // The count of set cells in the window [k - radius, k + radius], outside counting unset.
        var count = 0
        for k in 0..<min(radius, length) where source[index(line, k)] { count += 1 }
        for k in 0..<length {
          let entering = k + radius
          if entering < length, source[index(line, entering)] { count += 1 }
          let leaving = k - radius - 1
          if leaving >= 0, source[index(line, leaving)] { count -= 1 }
          result.cells[index(line, k)] = all ? count == 2 * radius + 1 : count > 0
        }
      }
    }
    return result
  }

  /// The set cells that are also set in `other` (the same grid).
  public func intersection(_ other: CellMask) -> CellMask {
    precondition(columns == other.columns && rows == other.rows)
    var result = self
    for i in cells.indices { result.cells[i] = cells[i] && other.cells[i] }
    return result
  }

  /// The connected regions of set cells (4-neighbours), as lists of cell indices.
  public func regions() -> [[Int]] {
    var seen = Array(repeating: false, count: cells.count)
    var regions: [[Int]] = []
    for start in cells.indices where cells[start] && !seen[start] {
      var region: [Int] = []
      var stack = [start]
      seen[start] = true
      while let i = stack.popLast() {
        region.append(i)
        let c = i % columns
        let r = i / columns
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
          let nc = c + dc
          let nr = r + dr
          guard nc >= 0, nr >= 0, nc < columns, nr < rows else { continue }
          let j = nr * columns + nc
          if cells[j], !seen[j] {
            seen[j] = true
            stack.append(j)
          }
        }
      }
      regions.append(region)
    }
    return regions
  }
}
