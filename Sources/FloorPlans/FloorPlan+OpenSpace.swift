import Geometry

extension FloorPlan {
  /// The raster step of `uncoveredArea`, metres.
  static let openSpaceStep = 0.5

  /// The area of the level's outline that no unit covers, square metres, counted on a 0.5 m
  /// raster: in venues that do not draw their corridors as units, the open walkway.
  public var uncoveredArea: Double {
    let step = Self.openSpaceStep
    var cells = 0
    for polygon in outline.polygons {
      let box = polygon.exterior.bounds
      var y = box.min.y + step / 2
      while y < box.max.y {
        var x = box.min.x + step / 2
        while x < box.max.x {
          let p = Point(x: x, y: y)
          if polygon.contains(p) && unitIndex(at: p) == nil { cells += 1 }
          x += step
        }
        y += step
      }
    }
    return Double(cells) * step * step
  }
}
