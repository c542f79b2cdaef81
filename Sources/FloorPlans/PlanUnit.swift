import Geometry

/// One IMDF unit as a floor plan sees it: shape in metres, category and what that implies.
public struct PlanUnit: Sendable, Hashable {
  /// The IMDF unit id.
  public let id: String
  /// The unit's display name, if any.
  public let name: String?
  /// Every name and alternative name of the unit, in every language, for lookups.
  public let names: [String]
  /// The IMDF category as written.
  public let category: String
  /// Walkability, open-plan and connector role.
  public let kind: UnitKind
  /// The unit's shape in the venue frame.
  public let shape: MultiPolygon
  /// A point inside the unit: its display point when inside, else an interior point.
  public let anchorPoint: Point
  /// The unit's area, square metres.
  public let area: Double
  /// Whether Fingerpost derived the unit (the open walkway of a level) rather than read it.
  public let isDerived: Bool

  /// Creates a unit from its parts.
  public init(
    id: String, name: String?, names: [String] = [], category: String, kind: UnitKind,
    shape: MultiPolygon,
    displayPoint: Point?, area: Double? = nil, isDerived: Bool = false
  ) {
    self.id = id
    self.name = name
    self.names = Array(Set(names + (name.map { [$0] } ?? []))).sorted()
    self.category = category
    self.kind = kind
    self.shape = shape
    self.area = area ?? shape.area
    self.isDerived = isDerived
    if let displayPoint, shape.contains(displayPoint) {
      anchorPoint = displayPoint
    } else {
      let largest = shape.polygons.max { $0.area < $1.area }
      anchorPoint = largest?.interiorPoint ?? .zero
    }
  }

  /// The unit's name, else its category.
  public var label: String { name ?? category }
}

/// A door: an IMDF opening placed on the boundary between units (or to the outside).
public struct Door: Sendable, Hashable {
  /// The IMDF opening id.
  public let id: String
  /// The opening's line in the venue frame.
  public let segment: Segment
  /// The IMDF opening category as written.
  public let category: String?
  /// Indices (in the plan's `units`) of the units the door joins: two, or one for an exit.
  public let units: [Int]

  /// The category of a door Fingerpost inferred where the venue draws none.
  public static let inferredCategory = "inferred"

  /// Whether Fingerpost inferred the door (a unit no opening reaches) rather than read it.
  public var isInferred: Bool { category == Self.inferredCategory }
}

/// A shared boundary between two open-plan units: passable without a door.
public struct Portal: Sendable, Hashable {
  /// The shared stretch of boundary.
  public let segment: Segment
  /// The two units it joins (plan indices).
  public let units: [Int]
}
