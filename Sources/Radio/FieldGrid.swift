import Geometry

/// The regular grid a floor plan's radio fields are computed on: nodes every `spacing` metres
/// from `origin`, one spacing beyond the plan's walkable bounds on every side.
public struct FieldGrid: Sendable, Hashable {
  /// The south-west node.
  public let origin: Point
  /// Node spacing in metres.
  public let spacing: Double
  /// Nodes along x.
  public let columns: Int
  /// Nodes along y.
  public let rows: Int

  /// The grid covering `bounds` at `spacing` metres.
  public init(covering bounds: BoundingBox, spacing: Double) {
    origin = Point(x: bounds.min.x - spacing, y: bounds.min.y - spacing)
    columns = Int(((bounds.width + 2 * spacing) / spacing).rounded(.up)) + 1
    rows = Int(((bounds.height + 2 * spacing) / spacing).rounded(.up)) + 1
    self.spacing = spacing
  }

  /// The number of nodes.
  public var count: Int { columns * rows }

  /// The position of node (`column`, `row`).
  @inlinable
  public func node(column: Int, row: Int) -> Point {
    Point(x: origin.x + Double(column) * spacing, y: origin.y + Double(row) * spacing)
  }

  /// Where `p` lies on the grid in nodes (fractional column and row), clamped inside its last
  /// cell.
  @inlinable
  public func position(of p: Point) -> (x: Double, y: Double) {
    (
      min(max((p.x - origin.x) / spacing, 0), Double(columns - 1) - 1e-9),
      min(max((p.y - origin.y) / spacing, 0), Double(rows - 1) - 1e-9)
    )
  }
}
