import Geometry

/// Which part of the venue the map shows: a centre in the venue frame (metres) and a scale in
/// metres per braille dot, over a map area of some size in cells. Dots are about square on a
/// terminal (a cell is twice as tall as wide and holds 2 × 4 dots).
public struct Viewport: Sendable, Equatable {
  /// The point at the centre of the map area, metres east and north.
  public var center: Point
  /// Metres per dot.
  public var scale: Double
  /// Map area width in cells.
  public var columns: Int
  /// Map area height in cells.
  public var rows: Int

  /// Smallest scale: 5 cm a dot.
  public static let finest = 0.05

  /// A viewport from its parts.
  public init(center: Point, scale: Double, columns: Int, rows: Int) {
    self.center = center
    self.scale = scale
    self.columns = columns
    self.rows = rows
  }

  /// The viewport of `columns` × `rows` cells that shows all of `bounds` with a small margin.
  public static func fitting(_ bounds: BoundingBox, columns: Int, rows: Int) -> Viewport {
    let width = Double(max(columns, 1) * 2)
    let height = Double(max(rows, 1) * 4)
    let scale = max(bounds.width / width, bounds.height / height, finest) * 1.04
    return Viewport(center: bounds.center, scale: scale, columns: columns, rows: rows)
  }

  /// The dot position of venue point `p` (x right, y down; may be off the map).
  public func dot(_ p: Point) -> (x: Int, y: Int) {
    let x = (p.x - center.x) / scale + Double(columns)
    let y = Double(rows * 2) - (p.y - center.y) / scale
    return (Int(x.rounded(.down)), Int(y.rounded(.down)))
  }

  /// The cell holding venue point `p` (may be off the map).
  public func cell(_ p: Point) -> (column: Int, row: Int) {
    let d = dot(p)
    return (d.x >> 1, d.y >> 2)
  }

  /// The venue point at the middle of dot (`x`, `y`).
  public func point(dotX x: Int, dotY y: Int) -> Point {
    Point(
      x: center.x + (Double(x) + 0.5 - Double(columns)) * scale,
      y: center.y - (Double(y) + 0.5 - Double(rows * 2)) * scale)
  }

  /// The venue area the map shows.
  public var visible: BoundingBox {
    let halfWidth = Double(columns) * scale
    let halfHeight = Double(rows * 2) * scale
    return BoundingBox(
      min: Point(x: center.x - halfWidth, y: center.y - halfHeight),
      max: Point(x: center.x + halfWidth, y: center.y + halfHeight))
  }

  /// Zooms in (`factor` above 1) or out about the centre, between `finest` and `coarsest`.
  public mutating func zoom(by factor: Double, coarsest: Double) {
    scale = min(max(scale / factor, Self.finest), max(coarsest, Self.finest))
  }

  /// Moves the view by a share of its size: `dx` right and `dy` up (1 = a whole width/height).
  public mutating func pan(dx: Double, dy: Double) {
    center.x += dx * Double(columns * 2) * scale
    center.y += dy * Double(rows * 4) * scale
  }

  /// Keeps the centre inside `bounds`, so some of the venue is always on screen.
  public mutating func clamp(to bounds: BoundingBox) {
    center.x = min(max(center.x, bounds.min.x), bounds.max.x)
    center.y = min(max(center.y, bounds.min.y), bounds.max.y)
  }
}
