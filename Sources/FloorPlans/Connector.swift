import Geometry

/// A unit on a particular floor plan of a `FloorPlanSet`.
public struct UnitRef: Sendable, Hashable, Codable {
  /// The floor the unit is on.
  public var floor: FloorID
  /// Index into that floor plan's `units`.
  public var unit: Int

  /// Creates a reference to unit `unit` of `floor`.
  public init(floor: FloorID, unit: Int) {
    self.floor = floor
    self.unit = unit
  }
}

/// A vertical link between two units on different levels of one building.
public struct Connector: Sendable, Hashable {
  /// Where the link was found.
  public enum Source: Sendable, Hashable {
    /// Units of the same connector category whose outlines overlap on different ordinals.
    case overlap
    /// An IMDF relationship feature, by id.
    case relationship(String)
  }

  /// Stairs, elevator, escalator or ramp.
  public let kind: ConnectorKind
  /// The lower end (smaller ordinal).
  public let lower: UnitRef
  /// The upper end (larger ordinal).
  public let upper: UnitRef
  /// How the link was found.
  public let source: Source
}

/// Finds vertical connectors: stacked or abutting units of the same connector category on
/// adjacent ordinals of a building, plus IMDF relationships.
enum ConnectorFinder {
  static func find(
    plans: [FloorPlan], relationships: [(id: String, kind: ConnectorKind, ends: [String])]
  ) -> [Connector] {
    var connectors: [Connector] = []
    var seen = Set<[UnitRef]>()
    // Plans per building, by ordinal.
    var byBuilding: [String: [Int]] = [:]
    for (p, plan) in plans.enumerated() {
      for building in plan.buildingIDs { byBuilding[building, default: []].append(p) }
    }
    for (_, planIndices) in byBuilding.sorted(by: { $0.key < $1.key }) {
      let ordinals = Set(planIndices.map { plans[$0].ordinal }).sorted()
      for (k, ordinal) in ordinals.enumerated() where k + 1 < ordinals.count {
        let next = ordinals[k + 1]
        for lowerPlan in planIndices where plans[lowerPlan].ordinal == ordinal {
          for upperPlan in planIndices where plans[upperPlan].ordinal == next {
            for link in stacked(plans[lowerPlan], plans[upperPlan]) {
              let ends = [
                UnitRef(floor: FloorID(lowerPlan), unit: link.0),
                UnitRef(floor: FloorID(upperPlan), unit: link.1),
              ]
              guard seen.insert(ends).inserted else { continue }
              connectors.append(
                Connector(kind: link.2, lower: ends[0], upper: ends[1], source: .overlap))
            }
          }
        }
      }
    }
    var located: [String: UnitRef] = [:]
    for (p, plan) in plans.enumerated() {
      for (u, unit) in plan.units.enumerated() {
        located[unit.id] = UnitRef(floor: FloorID(p), unit: u)
      }
    }
    for relationship in relationships {
      let ends = relationship.ends.compactMap { located[$0] }
      for (a, b) in zip(ends, ends.dropFirst())
      where plans[a.floor.index].ordinal != plans[b.floor.index].ordinal {
        let (lower, upper) =
          plans[a.floor.index].ordinal < plans[b.floor.index].ordinal ? (a, b) : (b, a)
        guard seen.insert([lower, upper]).inserted else { continue }
        connectors.append(
          Connector(
            kind: relationship.kind, lower: lower, upper: upper,
            source: .relationship(relationship.id)))
      }
    }
    return connectors
  }

  /// Pairs (lower unit, upper unit, kind) of same-category connector units that overlap.
  private static func stacked(_ lower: FloorPlan, _ upper: FloorPlan) -> [(Int, Int, ConnectorKind)]
  {
    var links: [(Int, Int, ConnectorKind)] = []
    for (i, a) in lower.units.enumerated() {
      guard let kind = a.kind.connector, let boxA = a.shape.bounds else { continue }
      for (j, b) in upper.units.enumerated() where b.kind.connector == kind {
        guard let boxB = b.shape.bounds, boxA.intersects(boxB), overlaps(a.shape, b.shape) else {
          continue
        }
        links.append((i, j, kind))
      }
    }
    return links
  }

  /// How close (metres) two connector units on adjacent floors may be to count as one shaft:
  /// real venues draw a flight on one floor and the landing above it side by side.
  static let abutment = 0.5

  /// Whether two shapes overlap or abut: an interior point of one inside the other, crossing
  /// edges, or a vertex of one within `abutment` of the other.
  static func overlaps(_ a: MultiPolygon, _ b: MultiPolygon) -> Bool {
    for p in a.polygons where b.contains(p.interiorPoint) { return true }
    for p in b.polygons where a.contains(p.interiorPoint) { return true }
    for ea in a.edges {
      for eb in b.edges where ea.crossesProperly(eb) { return true }
    }
    for (x, y) in [(a, b), (b, a)] {
      for polygon in x.polygons {
        for v in polygon.exterior.points where y.distanceToBoundary(from: v) <= abutment {
          return true
        }
      }
    }
    return false
  }
}
