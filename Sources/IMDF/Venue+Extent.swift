import Geometry

extension Venue {
  /// The farthest the venue's floor plans reach from its display point (the frame's origin),
  /// metres.
  public static let reach = 2_000.0
  /// How far past the venue's outline its floor plans keep geometry, metres.
  public static let outlineMargin = 50.0

  /// The part of the plane (metres in `frame`) that the venue's floor plans keep: its outline
  /// with `outlineMargin` to spare, at most `reach` either way from the frame's origin (the
  /// display point). Geometry beyond, such as a stray coordinate on another continent, is cut
  /// off (and reported by the validator), so that nothing derived from the plans (walkway
  /// rasters, walls, radio map grids) is sized by it.
  public func extent(in frame: LocalFrame) -> BoundingBox {
    let outline = venues.first?.geometry.flatMap {
      MultiPolygon($0.localPolygons(in: frame)).bounds
    }
    let box =
      outline?.expanded(by: Self.outlineMargin)
      ?? BoundingBox(
        min: Point(x: -Self.reach, y: -Self.reach), max: Point(x: Self.reach, y: Self.reach))
    let centre = box.contains(.zero) ? Point.zero : box.center
    return BoundingBox(
      min: Point(
        x: max(box.min.x, centre.x - Self.reach), y: max(box.min.y, centre.y - Self.reach)),
      max: Point(x: min(box.max.x, centre.x + Self.reach), y: min(box.max.y, centre.y + Self.reach))
    )
  }
}
