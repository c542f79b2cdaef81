import FloorPlans
import Foundation
import Geometry
import IMDF

/// A venue drawn the way floor maps without IMDF often are: per floor an outline and the
/// polygons of its units (shops, voids). The outline minus the units is open walkway (as
/// `FloorPlans` reads it), and doors are inferred where a walkable unit meets it: every edge of
/// at least `minimumDoorEdge` metres whose outside, half a metre out, is in the outline and in
/// no other unit gets an opening at its middle, `doorShare` of the edge wide (at most
/// `maximumDoorWidth`); a unit with no such edge gets one on its longest edge facing walkway.
public struct OutlineVenue: Sendable {
  /// One unit polygon.
  public struct Unit: Sendable {
    /// Its name, if any.
    public var name: String?
    /// Its IMDF unit category (`room`, `opentobelow`, …).
    public var category: String
    /// Its shape, metres in the venue's frame.
    public var shape: Polygon

    /// A unit.
    public init(name: String?, category: String, shape: Polygon) {
      self.name = name
      self.category = category
      self.shape = shape
    }
  }

  /// One floor: its outline and units.
  public struct Floor: Sendable {
    /// The level's name (`F1`, `B1`).
    public var name: String
    /// The level's ordinal.
    public var ordinal: Int
    /// The outline, metres.
    public var outline: [Polygon]
    /// The units.
    public var units: [Unit]
    /// The label of the building the floor is in, when the venue has several (floors of
    /// different buildings may share an ordinal); nil: the venue's one building.
    public var building: String?

    /// A floor.
    public init(
      name: String, ordinal: Int, outline: [Polygon], units: [Unit], building: String? = nil
    ) {
      self.name = name
      self.ordinal = ordinal
      self.outline = outline
      self.units = units
      self.building = building
    }

    /// The key of the floor's level feature (`VenueBuilder.id` makes its IMDF id of it).
    public var levelKey: String {
      building.map { "level:\($0):\(ordinal)" } ?? "level:\(ordinal)"
    }

    /// The key of its building feature.
    var buildingKey: String { building.map { "building:\($0)" } ?? "building" }
  }

  /// The venue's name; it also namespaces the feature ids.
  public var name: String
  /// The WGS84 origin of the metres the floors are drawn in.
  public var origin: GeoCoordinate
  /// The floors.
  public var floors: [Floor]
  /// The generator written to the manifest.
  public var generator: String
  /// The shortest unit edge that gets a door, metres.
  public var minimumDoorEdge = 1.5
  /// A door's width as a share of its edge, and its largest width in metres.
  public var doorShare = 0.6
  public var maximumDoorWidth = 3.0
  /// The venue's display point, which `Venue.frame` takes for its origin, metres; nil: the
  /// centre of the largest outline.
  public var displayPoint: Point?
  /// The venue's outline (levels beyond it are cut to it); nil: the first floor's.
  public var venueOutline: [Polygon]?

  /// A venue of `floors` drawn in metres about `origin`.
  public init(name: String, origin: GeoCoordinate, floors: [Floor], generator: String) {
    self.name = name
    self.origin = origin
    self.floors = floors
    self.generator = generator
  }

  /// What the door inference did.
  public struct DoorReport: Sendable, Hashable {
    /// Openings placed.
    public var doors = 0
    /// Walkable units that touch no walkway (reachable only through other units, or not at all).
    public var unitsWithoutDoor: [String] = []
  }

  /// The IMDF features, and what the door inference did.
  public func builder() -> (VenueBuilder, DoorReport) {
    var builder = VenueBuilder(name: name, origin: origin, generator: generator)
    var report = DoorReport()
    let everything = floors.flatMap(\.outline)
    let footprint = everything.max { $0.area < $1.area }?.exterior.points ?? []
    builder.add(
      .address, "address", geometry: .null,
      properties: [
        "address": .string(name), "unit": .null, "locality": "unknown", "province": .null,
        "country": "ZZ", "postal_code": .null, "postal_code_ext": .null,
        "postal_code_vanity": .null,
      ])
    let display = builder.point(displayPoint ?? BoundingBox(points: footprint)?.center ?? .zero)
    let venueOutline = self.venueOutline ?? floors.first?.outline ?? []
    builder.add(
      .venue, "venue", geometry: builder.multiPolygon(venueOutline),
      properties: [
        "category": "shoppingcenter", "restriction": .null, "name": label(name),
        "alt_name": .null, "hours": .null, "phone": .null, "website": .null,
        "display_point": display, "address_id": .string(builder.id("address")),
      ])
    // One building feature per building label (the venue's name for the unlabelled one).
    var buildings: [(key: String, name: String)] = []
    for floor in floors where !buildings.contains(where: { $0.key == floor.buildingKey }) {
      buildings.append((floor.buildingKey, floor.building ?? name))
    }
    if buildings.isEmpty { buildings = [("building", name)] }
    for building in buildings {
      builder.add(
        .building, building.key, geometry: .null,
        properties: [
          "name": label(building.name), "alt_name": .null, "category": "unspecified",
          "restriction": .null, "display_point": display,
          "address_id": .string(builder.id("address")),
        ])
    }
    builder.add(
      .footprint, "footprint", geometry: builder.multiPolygon(venueOutline),
      properties: [
        "category": "ground", "name": .null,
        "building_ids": .array(buildings.map { .string(builder.id($0.key)) }),
      ])
    for floor in floors {
      let level = floor.levelKey
      let prefix = floor.building.map { "\($0):\(floor.ordinal)" } ?? "\(floor.ordinal)"
      let outline = MultiPolygon(floor.outline)
      builder.add(
        .level, level, geometry: builder.multiPolygon(floor.outline),
        properties: [
          "category": "unspecified", "restriction": .null, "outdoor": false,
          "ordinal": .number(Double(floor.ordinal)), "name": label(floor.name),
          "short_name": label(floor.name),
          "display_point": builder.point(outline.bounds?.center ?? .zero), "address_id": .null,
          "building_ids": [.string(builder.id(floor.buildingKey))],
        ])
      for (index, unit) in floor.units.enumerated() {
        let key = "unit:\(prefix):\(index)"
        builder.add(
          .unit, key,
          geometry: builder.polygon(
            unit.shape.exterior.points, holes: unit.shape.holes.map(\.points)),
          properties: [
            "category": .string(unit.category), "restriction": .null, "accessibility": .null,
            "name": unit.name.map(label) ?? .null, "alt_name": .null,
            "level_id": .string(builder.id(level)),
            "display_point": builder.point(unit.shape.centroid),
          ])
        guard UnitKind(category: unit.category).isWalkable else { continue }
        let doors = self.doors(of: index, on: floor, outline: outline)
        if doors.isEmpty { report.unitsWithoutDoor.append(unit.name ?? key) }
        for (k, door) in doors.enumerated() {
          builder.add(
            .opening, "opening:\(prefix):\(index):\(k)",
            geometry: builder.line(door.a, door.b),
            properties: [
              "category": "pedestrian", "accessibility": .null, "access_control": .null,
              "door": .null, "name": .null, "alt_name": .null,
              "display_point": builder.point(door.midpoint),
              "level_id": .string(builder.id(level)),
            ])
          report.doors += 1
        }
      }
    }
    return (builder, report)
  }

  /// The doors of unit `index` of `floor`: on each edge whose outside is walkway.
  func doors(of index: Int, on floor: Floor, outline: MultiPolygon) -> [Segment] {
    let shape = floor.units[index].shape
    let ring = shape.exterior.points
    let outward = shape.exterior.signedArea > 0 ? 1.0 : -1.0
    var facing: [Segment] = []
    for k in ring.indices {
      let edge = Segment(ring[k], ring[(k + 1) % ring.count])
      let length = edge.length
      guard length > 0.5 else { continue }
      let d = (edge.b - edge.a) / length
      let outside = edge.midpoint + Point(x: d.y, y: -d.x) * (0.5 * outward)
      guard outline.contains(outside) else { continue }
      let blocked = floor.units.indices.contains { other in
        other != index && floor.units[other].shape.contains(outside)
      }
      if !blocked { facing.append(edge) }
    }
    var chosen = facing.filter { $0.length >= minimumDoorEdge }
    if chosen.isEmpty, let longest = facing.max(by: { $0.length < $1.length }) {
      chosen = [longest]
    }
    return chosen.map { edge in
      let width = min(edge.length * doorShare, maximumDoorWidth)
      let d = (edge.b - edge.a) / edge.length
      return Segment(edge.midpoint - d * (width / 2), edge.midpoint + d * (width / 2))
    }
  }

  private func label(_ text: String) -> JSONValue { .object(["en": .string(text)]) }
}
