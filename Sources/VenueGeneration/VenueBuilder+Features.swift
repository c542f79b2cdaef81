import Geometry
import IMDF

/// An axis-aligned rectangle's corners, counter-clockwise, in metres.
func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Point] {
  [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
}

/// The centre of a ring's bounding box.
func center(_ ring: [Point]) -> Point {
  BoundingBox(points: ring)!.center
}

extension VenueBuilder {
  private func label(_ text: String) -> JSONValue { .object(["en": .string(text)]) }

  /// Adds the venue, its address, one building with its ground footprint.
  mutating func addSite(
    name: String, category: String, outline: [Point], building: String, footprint: [Point]
  ) {
    add(
      .address, "address", geometry: .null,
      properties: [
        "address": "1 Example Street", "unit": .null, "locality": "Example City", "province": .null,
        "country": "GB", "postal_code": "EX1 1AA", "postal_code_ext": .null,
        "postal_code_vanity": .null,
      ])
    add(
      .venue, "venue", geometry: polygon(outline),
      properties: [
        "category": .string(category), "restriction": .null, "name": label(name), "alt_name": .null,
        "hours": "Mo-Su 08:00-20:00", "phone": .null, "website": .null,
        "display_point": point(center(footprint)), "address_id": .string(id("address")),
      ])
    add(
      .building, "building", geometry: .null,
      properties: [
        "name": label(building), "alt_name": .null, "category": "unspecified", "restriction": .null,
        "display_point": point(center(footprint)), "address_id": .string(id("address")),
      ])
    add(
      .footprint, "footprint", geometry: polygon(footprint),
      properties: [
        "category": "ground", "name": .null, "building_ids": [.string(id("building"))],
      ])
  }

  /// Adds a level with the given ordinal, names and outline: indoors in the building, or an
  /// outdoor level of no building keyed `level:KEY` (it may share an indoor level's ordinal).
  mutating func addLevel(
    ordinal: Int, name: String, shortName: String, outline: [Point], outdoorKey: String? = nil
  ) {
    add(
      .level, "level:\(outdoorKey ?? String(ordinal))", geometry: polygon(outline),
      properties: [
        "category": "unspecified", "restriction": .null, "outdoor": .bool(outdoorKey != nil),
        "ordinal": .number(Double(ordinal)),
        "name": label(name), "short_name": label(shortName),
        "display_point": point(center(outline)),
        "address_id": .null,
        "building_ids": outdoorKey == nil ? [.string(id("building"))] : .null,
      ])
  }

  /// Adds a unit on level `ordinal`; returns its key.
  @discardableResult
  mutating func addUnit(
    _ key: String, ordinal: Int, category: String, name: String?, ring: [Point],
    holes: [[Point]] = [],
    display: Point? = nil, levelKey: String? = nil
  ) -> String {
    let level = levelKey ?? String(ordinal)
    let fullKey = "unit:\(level):\(key)"
    add(
      .unit, fullKey, geometry: polygon(ring, holes: holes),
      properties: [
        "category": .string(category), "restriction": .null, "accessibility": .null,
        "name": name.map(label) ?? .null, "alt_name": .null,
        "level_id": .string(id("level:\(level)")),
        "display_point": point(display ?? center(ring)),
      ])
    return fullKey
  }

  /// Adds a 1 m pedestrian door centred at `middle`, along x (`horizontal`) or y.
  mutating func addDoor(
    _ key: String, ordinal: Int, at middle: Point, horizontal: Bool, width: Double = 1,
    category: String = "pedestrian", levelKey: String? = nil
  ) {
    let level = levelKey ?? String(ordinal)
    let half = horizontal ? Point(x: width / 2, y: 0) : Point(x: 0, y: width / 2)
    add(
      .opening, "opening:\(level):\(key)", geometry: line(middle - half, middle + half),
      properties: [
        "category": .string(category), "accessibility": .null, "access_control": .null,
        "door": .object(["type": "hinged", "automatic": false, "material": "wood"]),
        "name": .null, "alt_name": .null, "display_point": point(middle),
        "level_id": .string(id("level:\(level)")),
      ])
  }

  /// Adds an occupant (with its anchor) in unit `unitKey` at `at`.
  mutating func addOccupant(_ name: String, category: String, unitKey: String, at: Point) {
    let key = "occupant:\(unitKey):\(name)"
    add(
      .anchor, "anchor:\(key)", geometry: point(at),
      properties: [
        "address_id": .null, "unit_id": .string(id(unitKey)),
      ])
    add(
      .occupant, key, geometry: .null,
      properties: [
        "name": label(name), "category": .string(category),
        "anchor_id": .string(id("anchor:\(key)")),
        "hours": "Mo-Fr 09:00-18:00", "phone": .null, "website": .null, "validity": .null,
        "correlation_id": .null,
      ])
  }

  /// Adds an amenity serving `unitKeys`, drawn at `at`.
  mutating func addAmenity(_ category: String, name: String, unitKeys: [String], at: Point) {
    add(
      .amenity, "amenity:\(unitKeys.joined(separator: "+")):\(category)", geometry: point(at),
      properties: [
        "category": .string(category), "accessibility": .null, "name": label(name),
        "alt_name": .null,
        "hours": .null, "phone": .null, "website": .null,
        "unit_ids": .array(unitKeys.map { .string(id($0)) }), "address_id": .null,
        "correlation_id": .null,
      ])
  }
}
