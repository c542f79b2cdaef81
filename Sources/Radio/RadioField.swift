import Geometry

/// The mean RSSI of one access point over one floor plan (dBm, shadowing included), kept only
/// over the block of grid nodes where it can be heard and read back with bilinear
/// interpolation; elsewhere the AP is not heard.
public struct RadioField: Sendable {
  /// The floor plan's grid the block lies on.
  public let grid: FieldGrid
  /// The block's first column and row in `grid`.
  public let column: Int, row: Int
  /// The block's size in nodes (at least 2 × 2, or 0 × 0 when heard nowhere).
  public let columns: Int, rows: Int
  /// Mean RSSI per node of the block in dBm, row-major.
  public let values: [Float]

  /// Creates a field over the block of `grid` at (`column`, `row`) of `columns` × `rows` nodes.
  public init(grid: FieldGrid, column: Int, row: Int, columns: Int, rows: Int, values: [Float]) {
    precondition(values.count == columns * rows, "a field's values must fill its block")
    self.grid = grid
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
    self.values = values
  }

  /// The field of `values` over the whole of `grid`, kept only over the smallest block holding
  /// every node at or above `cutoff` dBm and the nodes around them.
  public init(grid: FieldGrid, values: [Float], keepingAbove cutoff: Float) {
    var (c0, r0, c1, r1) = (Int.max, Int.max, -1, -1)
    for r in 0..<grid.rows {
      for c in 0..<grid.columns where values[r * grid.columns + c] >= cutoff {
        (c0, r0, c1, r1) = (min(c0, c), min(r0, r), max(c1, c), max(r1, r))
      }
    }
    guard c1 >= 0 else {
      self.init(grid: grid, column: 0, row: 0, columns: 0, rows: 0, values: [])
      return
    }
    // One node more each way: every grid cell touching a heard node is whole.
    c0 = max(c0 - 1, 0)
    r0 = max(r0 - 1, 0)
    c1 = min(max(c1 + 1, c0 + 1), grid.columns - 1)
    r1 = min(max(r1 + 1, r0 + 1), grid.rows - 1)
    var block: [Float] = []
    block.reserveCapacity((c1 - c0 + 1) * (r1 - r0 + 1))
    for r in r0...r1 { block += values[(r * grid.columns + c0)...(r * grid.columns + c1)] }
    self.init(
      grid: grid, column: c0, row: r0, columns: c1 - c0 + 1, rows: r1 - r0 + 1, values: block)
  }

  /// The mean RSSI at `p` in dBm (bilinear between the four surrounding nodes, clamped at the
  /// grid's edge), or `nil` where the AP is not heard.
  @inlinable
  public func value(at p: Point) -> Double? {
    value(atGridPosition: grid.position(of: p))
  }

  /// The mean RSSI at a position on the grid in nodes (`FieldGrid.position(of:)`, which fields
  /// of one floor plan share), dBm, or `nil` where the AP is not heard.
  @inlinable
  public func value(atGridPosition position: (x: Double, y: Double)) -> Double? {
    let (fx, fy) = position
    let c = Int(fx) - column
    let r = Int(fy) - row
    guard c >= 0, r >= 0, c < columns - 1, r < rows - 1 else { return nil }
    let tx = Float(fx - fx.rounded(.down))
    let ty = Float(fy - fy.rounded(.down))
    return values.withUnsafeBufferPointer { v in
      let i = r * columns + c
      let bottom = v[i] + (v[i + 1] - v[i]) * tx
      let top = v[i + columns] + (v[i + columns + 1] - v[i + columns]) * tx
      return Double(bottom + (top - bottom) * ty)
    }
  }
}
