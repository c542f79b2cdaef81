import Geometry

/// The mean RSSI of one access point over one floor plan, precomputed on a grid (dBm, shadowing
/// included), read back with bilinear interpolation.
public struct RadioField: Sendable {
  /// The south-west grid node.
  public let origin: Point
  /// Node spacing in metres.
  public let spacing: Double
  /// Nodes along x.
  public let columns: Int
  /// Nodes along y.
  public let rows: Int
  /// Mean RSSI per node in dBm, row-major.
  public let values: [Float]

  /// Creates a field from its grid.
  public init(origin: Point, spacing: Double, columns: Int, rows: Int, values: [Float]) {
    self.origin = origin
    self.spacing = spacing
    self.columns = columns
    self.rows = rows
    self.values = values
  }

  /// The node positions of a grid covering `bounds`, row by row.
  static func grid(covering bounds: BoundingBox, spacing: Double) -> (
    origin: Point, columns: Int, rows: Int
  ) {
    let origin = Point(x: bounds.min.x - spacing, y: bounds.min.y - spacing)
    let columns = Int(((bounds.width + 2 * spacing) / spacing).rounded(.up)) + 1
    let rows = Int(((bounds.height + 2 * spacing) / spacing).rounded(.up)) + 1
    return (origin, columns, rows)
  }

  /// The mean RSSI at `p` in dBm (bilinear between the four surrounding nodes, clamped at the edge).
  @inlinable
  public func value(at p: Point) -> Double {
    let fx = min(max((p.x - origin.x) / spacing, 0), Double(columns - 1) - 1e-9)
    let fy = min(max((p.y - origin.y) / spacing, 0), Double(rows - 1) - 1e-9)
    let c = Int(fx)
    let r = Int(fy)
    let tx = Float(fx - Double(c))
    let ty = Float(fy - Double(r))
    return values.withUnsafeBufferPointer { v in
      let i = r * columns + c
      let bottom = v[i] + (v[i + 1] - v[i]) * tx
      let top = v[i + columns] + (v[i + columns + 1] - v[i + columns]) * tx
      return Double(bottom + (top - bottom) * ty)
    }
  }
}
