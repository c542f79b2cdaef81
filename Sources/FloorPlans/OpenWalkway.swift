import Geometry

/// The part of a level's outline that no unit covers and that is wide enough to walk: the
/// corridors and halls of venues that do not draw them as units.
///
/// Found on a raster: cells of the outline in no unit, opened (shrunk and grown back) so that
/// slivers between units and the band of wall between the outline and the rooms drop out, and
/// regions too small to stand in dropped. A point is in the walkway when it lies in the outline,
/// in no unit, and on or beside a walkway cell.
public struct OpenWalkway: Sendable {
  /// The raster step, metres.
  public static let step = 0.25
  /// The narrowest passage kept, metres: narrower gaps between units are drawing slack.
  public static let minimumWidth = 1.0
  /// The smallest region kept, square metres.
  public static let minimumArea = 4.0
  /// How far either side of a boundary the side test looks, metres.
  static let sideOffset = 0.15

  /// The walkway cells.
  public let mask: CellMask
  /// The area of the walkway, square metres.
  public let area: Double
  /// The area of the outline in no unit before narrow and small parts are dropped, square metres.
  public let uncoveredArea: Double
  /// A point well inside the largest walkway region.
  public let anchor: Point

  let outline: MultiPolygon
  let units: PolygonIndex

  /// The walkway of a level with `outline` and `units`, or `nil` when there is none.
  public init?(outline: MultiPolygon, units: [PlanUnit]) {
    guard let box = outline.bounds else { return nil }
    var uncovered = CellMask(covering: box.expanded(by: Self.step), step: Self.step)
    for polygon in outline.polygons { uncovered.fill(polygon) }
    for unit in units {
      for polygon in unit.shape.polygons {
        uncovered.fill(Polygon(exterior: polygon.exterior), value: false)
      }
    }
    let radius = Int((Self.minimumWidth / 2 / Self.step).rounded())
    var opened = uncovered.eroded(by: radius).dilated(by: radius).intersection(uncovered)
    let minimumCells = Int((Self.minimumArea / (Self.step * Self.step)).rounded(.up))
    let regions = opened.regions()
    for region in regions where region.count < minimumCells {
      for i in region { opened.cells[i] = false }
    }
    let kept = regions.filter { $0.count >= minimumCells }
    guard let largest = kept.max(by: { $0.count < $1.count }) else { return nil }
    mask = opened
    area = opened.area
    uncoveredArea = uncovered.area
    self.outline = outline
    self.units = PolygonIndex(units.flatMap(\.shape.polygons), cellSize: 3)
    // The largest region's cell deepest inside it (most cells set around it).
    let core = opened.eroded(by: radius)
    let deep = largest.filter { core.cells[$0] }
    let centre = (deep.isEmpty ? largest : deep).map {
      opened.centre($0 % opened.columns, $0 / opened.columns)
    }
    let mean = centre.reduce(Point.zero, +) / Double(centre.count)
    anchor = centre.min { $0.squaredDistance(to: mean) < $1.squaredDistance(to: mean) }!
  }

  /// Whether `p` lies in the walkway: in the outline, in no unit, on or beside a walkway cell.
  public func contains(_ p: Point) -> Bool {
    guard let (c, r) = mask.cell(at: p) else { return false }
    var near = false
    for dr in -1...1 where !near {
      for dc in -1...1 where mask.isSet(c + dc, r + dr) {
        near = true
        break
      }
    }
    return near && units.firstContaining(p) == nil && outline.contains(p)
  }

  /// The stretches of `edges` with the walkway on one side and not on the other, in pieces at
  /// most a raster step long, joined again where they follow on.
  public func boundary(along edges: [Segment]) -> [Segment] {
    var result: [Segment] = []
    for edge in edges where edge.length > 1e-6 {
      let d = edge.b - edge.a
      let normal = Point(x: -d.y, y: d.x) / d.length * Self.sideOffset
      let pieces = max(1, Int((edge.length / Self.step).rounded(.up)))
      guard let tested = testedPieces(of: edge, pieces: pieces) else { continue }
      var start: Double?
      for k in tested {
        var onBoundary = false
        if k < pieces {
          let mid = edge.a.interpolated(to: edge.b, at: (Double(k) + 0.5) / Double(pieces))
          onBoundary = contains(mid + normal) != contains(mid - normal)
        }
        if onBoundary, start == nil { start = Double(k) / Double(pieces) }
        if !onBoundary, let s = start {
          result.append(
            Segment(
              edge.a.interpolated(to: edge.b, at: s),
              edge.a.interpolated(to: edge.b, at: Double(k) / Double(pieces))))
          start = nil
        }
      }
    }
    return result
  }

  /// The pieces of `edge` (cut in `pieces`) worth testing, and the one after the last: the
  /// middles of the others lie beyond the side test's reach outside the raster, so they are never
  /// on the boundary. An edge kilometres long (a stray coordinate) costs what its part near the
  /// walkway does. Nil when no piece comes near.
  func testedPieces(of edge: Segment, pieces: Int) -> ClosedRange<Int>? {
    let corner = Point(
      x: mask.origin.x + Double(mask.columns) * mask.step,
      y: mask.origin.y + Double(mask.rows) * mask.step)
    let reach = BoundingBox(min: mask.origin, max: corner).expanded(by: 2 * Self.sideOffset)
    guard let near = reach.clip(edge) else { return nil }
    let t0 = edge.a.distance(to: near.a) / edge.length
    let t1 = edge.a.distance(to: near.b) / edge.length
    let first = max(0, Int((t0 * Double(pieces)).rounded(.down)) - 1)
    let last = min(pieces, Int((t1 * Double(pieces)).rounded(.up)) + 1)
    return first...max(first, last)
  }
}

extension OpenWalkway {
  /// The id of the walkway unit derived for level `levelID`.
  public static func unitID(levelID: String) -> String { "\(levelID)-walkway" }

  /// The walkway as a unit of its level: category `walkway`, open-plan, its shape the outline
  /// with every unit cut out, its area the walkway's.
  func unit(levelID: String, units: [PlanUnit]) -> PlanUnit {
    let cuts = units.flatMap { $0.shape.polygons.map(\.exterior) }
    let polygons = outline.polygons.map { polygon in
      Polygon(
        exterior: polygon.exterior,
        holes: polygon.holes + cuts.filter { $0.bounds.intersects(polygon.bounds) })
    }
    return PlanUnit(
      id: Self.unitID(levelID: levelID), name: "Walkway", category: "walkway",
      kind: UnitKind(category: "walkway"), shape: MultiPolygon(polygons), displayPoint: anchor,
      area: area, isDerived: true)
  }
}
