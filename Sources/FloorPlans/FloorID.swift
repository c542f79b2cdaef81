/// One floor plan of a `FloorPlanSet`: its position in the set, typed so that it is never taken
/// for an ordinal (`FloorPlan.ordinal`, the number people call the floor) or an IMDF level id
/// (`FloorPlan.levelID`). Two buildings' levels that share an ordinal are two floors.
public struct FloorID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The position of the floor plan in `FloorPlanSet.plans`.
  public let index: Int

  /// The floor at `index` of a floor plan set.
  public init(_ index: Int) {
    self.index = index
  }

  public static func < (a: FloorID, b: FloorID) -> Bool { a.index < b.index }

  public var description: String { "floor \(index)" }
}
