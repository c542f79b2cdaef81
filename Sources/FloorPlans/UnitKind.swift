/// How a floor plan treats a unit category: walkable or not, open-plan or enclosed, connector.
public struct UnitKind: Sendable, Hashable {
  /// Whether a person can stand and walk in the unit.
  public var isWalkable: Bool
  /// Whether its shared boundary with another open-plan unit is passable without a door.
  public var isOpenPlan: Bool
  /// The vertical connector this unit is, if any.
  public var connector: ConnectorKind?

  /// Categories that are not walkable space.
  public static let blockedCategories: Set<String> = [
    "structure", "column", "opentobelow", "nonpublic", "water", "vegetation", "brick", "concrete",
    "drywall", "glass", "wood", "road", "fieldofplay",
  ]

  /// Categories whose shared boundaries with each other need no door.
  public static let openPlanCategories: Set<String> = [
    "walkway", "walkway.island", "lobby", "unenclosedarea", "footbridge", "platform", "terrace",
    "escalator", "movingwalkway", "ramp", "steps", "waitingroom", "foodservice",
  ]

  /// Classifies a unit category; `nonpublicWalkable` lets `nonpublic` units count as walkable.
  public init(category: String?, nonpublicWalkable: Bool = false) {
    let category = category ?? "unspecified"
    var blocked = Self.blockedCategories.contains(category)
    if category == "nonpublic", nonpublicWalkable { blocked = false }
    isWalkable = !blocked
    isOpenPlan = Self.openPlanCategories.contains(category)
    connector = ConnectorKind(category: category)
  }
}

/// A kind of vertical connector between levels, with its traversal cost.
public enum ConnectorKind: String, Sendable, Hashable, CaseIterable, Codable {
  case stairs, elevator, escalator, ramp

  /// The connector a unit or relationship category denotes (`steps` and `movingwalkway` do
  /// not change level).
  public init?(category: String) {
    switch category {
    case "stairs": self = .stairs
    case "elevator": self = .elevator
    case "escalator": self = .escalator
    case "ramp": self = .ramp
    default: return nil
    }
  }

  /// Routing cost of one floor of travel, in metres of equivalent walking.
  public var costPerFloor: Double {
    switch self {
    case .stairs: 12
    case .escalator: 10
    case .elevator: 20
    case .ramp: 15
    }
  }
}
