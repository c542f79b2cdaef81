import Geometry

/// What the scorer asks of the venue (walkable space, walls, doors); the command line answers
/// from the floor plans, and a scorer without a venue leaves those metrics out.
public protocol ScoringVenue {
  /// Whether `point` on the floor `ordinal` is walkable.
  func isWalkable(ordinal: Int, _ point: Point) -> Bool
  /// Whether walking straight from `a` to `b` on the floor `ordinal` crosses a wall.
  func crossesWall(ordinal: Int, from a: Point, to b: Point) -> Bool
  /// Whether units `a` and `b` (IMDF ids) are the same or joined by a door or opening.
  func areNeighbours(_ a: String, _ b: String) -> Bool
}
