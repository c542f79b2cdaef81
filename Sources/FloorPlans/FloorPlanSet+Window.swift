import Geometry
import IMDF

extension FloorPlanSet {
  /// The farthest floor plans reach from the venue's display point (or its outline's centre),
  /// metres.
  public static let reach = 2_000.0
  /// How far past the venue's outline floor plans keep geometry, metres.
  public static let outlineMargin = 50.0

  /// The part of the plane floor plans keep: the venue's outline with `outlineMargin` to spare,
  /// at most `reach` either way from the frame's origin (the venue's display point). Geometry
  /// beyond, such as a stray coordinate on another continent, is cut off, so that nothing
  /// derived from the plans (walkway rasters, walls, radio map grids) is sized by it.
  static func window(of venue: Venue, frame: LocalFrame) -> BoundingBox {
    let outline = venue.venues.first?.geometry.flatMap {
      MultiPolygon($0.localPolygons(in: frame)).bounds
    }
    let box =
      outline?.expanded(by: outlineMargin)
      ?? BoundingBox(min: Point(x: -reach, y: -reach), max: Point(x: reach, y: reach))
    let centre = box.contains(.zero) ? Point.zero : box.center
    return BoundingBox(
      min: Point(
        x: Swift.max(box.min.x, centre.x - reach), y: Swift.max(box.min.y, centre.y - reach)),
      max: Point(
        x: Swift.min(box.max.x, centre.x + reach), y: Swift.min(box.max.y, centre.y + reach)))
  }
}
