import Geometry

/// The computational model of one IMDF level: units, walkable space, walls, doors and lookups.
public final class FloorPlan: Sendable {
  /// The IMDF level id.
  public let levelID: String
  /// The floor ordinal (0 ground, negative below).
  public let ordinal: Int
  /// The level's display name.
  public let name: String
  /// The level's short name, e.g. `B1`.
  public let shortName: String
  /// The buildings the level belongs to.
  public let buildingIDs: [String]
  /// The level outline in the venue frame.
  public let outline: MultiPolygon
  /// Every unit on the level.
  public let units: [PlanUnit]
  /// Unit boundaries a person cannot cross, split where doors and open-plan portals are.
  public let walls: [Segment]
  /// The units on each side of `walls[i]`.
  public let wallSides: [WallSides]
  /// The level's doors.
  public let doors: [Door]
  /// Passable shared boundaries between open-plan units.
  public let portals: [Portal]
  /// Indices of walkable units.
  public let walkableUnits: [Int]
  /// The open walkway (outline in no unit), when the level has one; its unit is the last.
  public let walkway: OpenWalkway?
  /// Whether deriving the walls stopped before the end: the level's units are stacked on one
  /// another too many times over (a hostile or broken archive; see `WallBuilder.pairBudget`).
  public let wallsIncomplete: Bool

  let unitLookup: PolygonIndex
  let polygonOwner: [Int32]
  let wallIndex: SegmentIndex

  init(
    levelID: String, ordinal: Int, name: String, shortName: String, buildingIDs: [String],
    outline: MultiPolygon, units: [PlanUnit], walkway: OpenWalkway? = nil, walls: [Segment],
    wallSides: [WallSides], doors: [Door], portals: [Portal], wallsIncomplete: Bool = false
  ) {
    self.wallsIncomplete = wallsIncomplete
    self.levelID = levelID
    self.ordinal = ordinal
    self.name = name
    self.shortName = shortName
    self.buildingIDs = buildingIDs
    self.outline = outline
    self.units = units
    self.walkway = walkway
    self.walls = walls
    self.wallSides = wallSides
    self.doors = doors
    self.portals = portals
    walkableUnits = units.indices.filter { units[$0].kind.isWalkable }
    // Walkable units first, so that a point in overlapping units resolves to walkable space.
    let order = walkableUnits + units.indices.filter { !units[$0].kind.isWalkable }
    var polygons: [Polygon] = []
    var owner: [Int32] = []
    // The walkway is looked up by its raster, after every drawn unit.
    for u in order where !units[u].isDerived {
      for polygon in units[u].shape.polygons {
        polygons.append(polygon)
        owner.append(Int32(u))
      }
    }
    unitLookup = PolygonIndex(polygons, cellSize: 3)
    polygonOwner = owner
    wallIndex = SegmentIndex(walls, cellSize: 2)
  }

  /// The index of the unit containing `p` (walkable units first), or `nil` outside every unit.
  public func unitIndex(at p: Point) -> Int? {
    if let polygon = unitLookup.firstContaining(p) { return Int(polygonOwner[polygon]) }
    guard let walkway, walkway.contains(p) else { return nil }
    return units.count - 1
  }

  /// The unit containing `p`, or `nil`.
  public func unit(at p: Point) -> PlanUnit? {
    unitIndex(at: p).map { units[$0] }
  }

  /// Whether `p` lies in walkable space.
  public func isWalkable(_ p: Point) -> Bool {
    unitIndex(at: p).map { units[$0].kind.isWalkable } ?? false
  }

  /// The indices of the walls `segment` touches or crosses.
  public func wallsCrossed(by segment: Segment) -> [Int] {
    wallIndex.crossed(by: segment)
  }

  /// Like `wallsCrossed(by:)`, written into `found` (emptied first, its storage reused).
  public func wallsCrossed(by segment: Segment, into found: inout [Int32]) {
    wallIndex.crossed(by: segment, into: &found)
  }

  /// Whether walking straight along `segment` would cross a wall.
  public func crossesWall(_ segment: Segment) -> Bool {
    wallIndex.crossesAny(segment)
  }

  /// Whether a walker may go straight along `segment`: it crosses no wall and ends in walkable
  /// space. An opening in the outline (an entrance) crosses no wall but leads off the plan.
  public func allowsMove(_ segment: Segment) -> Bool {
    !crossesWall(segment) && isWalkable(segment.b)
  }

  /// The walls within `distance` metres of `p`.
  public func walls(near p: Point, within distance: Double) -> [Segment] {
    wallIndex.near(p, within: distance).map { walls[$0] }
  }

  /// The bounding box of the walkable units, or `nil` when there are none.
  public var walkableBounds: BoundingBox? {
    walkableUnits.compactMap { units[$0].shape.bounds }.reduce(nil) { $0?.union($1) ?? $1 }
  }

  /// The total walkable area in square metres.
  public var walkableArea: Double {
    walkableUnits.reduce(0) { $0 + units[$1].area }
  }

  /// The area of the open walkway (outline in no unit, wide enough to walk), square metres.
  public var walkwayArea: Double { walkway?.area ?? 0 }

  /// The index of the unit with IMDF id `id`.
  public func unitIndex(id: String) -> Int? {
    units.firstIndex { $0.id == id }
  }
}
