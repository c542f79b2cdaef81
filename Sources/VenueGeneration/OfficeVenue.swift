import Geometry
import IMDF

/// A synthetic three-level office: rooms on both sides of two corridors joined by a spine,
/// two stair cores, an elevator, restrooms, a kitchen, occupants and amenities.
/// 60 m × 45 m (2,700 m²) a level.
enum OfficeVenue {
  static let origin = GeoCoordinate(longitude: 24.9384, latitude: 60.1699)
  static let tenants = [
    0: [(2, "Fingerpost Labs")], 1: [(0, "Northwind Analytics"), (4, "Contoso Design")],
    2: [(1, "Tailspin Robotics"), (5, "Fabrikam Legal")],
  ]

  static func build() -> VenueBuilder {
    var b = VenueBuilder(name: "office", origin: origin)
    let outline = rect(0, 0, 60, 45)
    b.addSite(
      name: "Fingerpost Office", category: "businesscampus", outline: rect(-10, -10, 70, 55),
      building: "Office Building", footprint: outline)
    for ordinal in 0...2 {
      let names = ["Ground Floor", "First Floor", "Second Floor"]
      b.addLevel(
        ordinal: ordinal, name: names[ordinal], shortName: ordinal == 0 ? "G" : "\(ordinal)",
        outline: outline)
      addFloor(&b, ordinal)
    }
    return b
  }

  private static func addFloor(_ b: inout VenueBuilder, _ k: Int) {
    // Corridors: south (y 12–15), north (y 30–33), and a spine (x 28–32) joining them.
    b.addUnit(
      "corridor-south", ordinal: k, category: "walkway", name: "South Corridor",
      ring: rect(0, 12, 60, 15))
    b.addUnit(
      "corridor-north", ordinal: k, category: "walkway", name: "North Corridor",
      ring: rect(0, 30, 60, 33))
    b.addUnit("spine", ordinal: k, category: "walkway", name: "Spine", ring: rect(28, 15, 32, 30))

    // South and north strips: six 10 m rooms each, doors on the corridor.
    var offices: [String] = []
    for i in 0..<6 {
      let x = Double(i) * 10
      let south = b.addUnit(
        "south-\(i)", ordinal: k, category: i == 5 ? "conferenceroom" : "office",
        name: "Room \(k).\(String(format: "%02d", i + 1))", ring: rect(x, 0, x + 10, 12))
      b.addDoor("south-\(i)", ordinal: k, at: Point(x: x + 5, y: 12), horizontal: true)
      offices.append(south)
      let lobby = k == 0 && i == 2
      let north = b.addUnit(
        "north-\(i)", ordinal: k, category: lobby ? "lobby" : "office",
        name: lobby ? "Reception" : "Room \(k).\(String(format: "%02d", i + 20))",
        ring: rect(x, 33, x + 10, 45))
      b.addDoor("north-\(i)", ordinal: k, at: Point(x: x + 5, y: 33), horizontal: true)
      if lobby {
        b.addDoor(
          "entrance", ordinal: k, at: Point(x: x + 5, y: 45), horizontal: true, width: 2,
          category: "pedestrian.principal")
        b.addAmenity(
          "information", name: "Reception desk", unitKeys: [north], at: Point(x: x + 5, y: 40))
      } else {
        offices.append(north)
      }
    }

    // Middle band, west of the spine: stair core A and four plus two rooms.
    let stairsA = b.addUnit(
      "stairs-a", ordinal: k, category: "stairs", name: "Stairs A", ring: rect(0, 15, 5, 22.5))
    b.addDoor("stairs-a", ordinal: k, at: Point(x: 2.5, y: 15), horizontal: true)
    b.addAmenity("stairs", name: "Stairs A", unitKeys: [stairsA], at: Point(x: 2.5, y: 18.75))
    for (i, (x0, x1)) in [(5.0, 16.5), (16.5, 28.0)].enumerated() {
      offices.append(
        b.addUnit(
          "mid-sw-\(i)", ordinal: k, category: "office", name: "Room \(k).\(40 + i)",
          ring: rect(x0, 15, x1, 22.5)))
      b.addDoor("mid-sw-\(i)", ordinal: k, at: Point(x: (x0 + x1) / 2, y: 15), horizontal: true)
    }
    for i in 0..<4 {
      let x = Double(i) * 7
      offices.append(
        b.addUnit(
          "mid-nw-\(i)", ordinal: k, category: "office", name: "Room \(k).\(50 + i)",
          ring: rect(x, 22.5, x + 7, 30)))
      b.addDoor("mid-nw-\(i)", ordinal: k, at: Point(x: x + 3.5, y: 30), horizontal: true)
    }

    // Middle band, east of the spine: elevator, storage, restrooms, kitchen, rooms, stair core B.
    let elevator = b.addUnit(
      "elevator", ordinal: k, category: "elevator", name: "Elevator", ring: rect(32, 15, 35, 18))
    b.addDoor("elevator", ordinal: k, at: Point(x: 33.5, y: 15), horizontal: true)
    b.addAmenity("elevator", name: "Elevator", unitKeys: [elevator], at: Point(x: 33.5, y: 16.5))
    b.addUnit(
      "storage", ordinal: k, category: "storage", name: "Storage", ring: rect(35, 15, 38, 18))
    b.addDoor("storage", ordinal: k, at: Point(x: 36.5, y: 15), horizontal: true)
    let men = b.addUnit(
      "wc-men", ordinal: k, category: "restroom.male", name: "Restroom (Men)",
      ring: rect(32, 18, 38, 22.5))
    b.addDoor("wc-men", ordinal: k, at: Point(x: 32, y: 20.25), horizontal: false)
    b.addAmenity(
      "restroom.male", name: "Restroom (Men)", unitKeys: [men], at: Point(x: 35, y: 20.25))
    let women = b.addUnit(
      "wc-women", ordinal: k, category: "restroom.female", name: "Restroom (Women)",
      ring: rect(32, 22.5, 38, 27))
    b.addDoor("wc-women", ordinal: k, at: Point(x: 32, y: 24.75), horizontal: false)
    b.addAmenity(
      "restroom.female", name: "Restroom (Women)", unitKeys: [women], at: Point(x: 35, y: 24.75))
    let kitchen = b.addUnit(
      "kitchen", ordinal: k, category: "kitchen", name: "Kitchen", ring: rect(32, 27, 38, 30))
    b.addDoor("kitchen", ordinal: k, at: Point(x: 35, y: 30), horizontal: true)
    b.addAmenity("drinkingfountain", name: "Water", unitKeys: [kitchen], at: Point(x: 35, y: 28.5))
    for (i, (x0, x1)) in [(38.0, 45.0), (45.0, 52.0), (52.0, 60.0)].enumerated() {
      offices.append(
        b.addUnit(
          "mid-se-\(i)", ordinal: k, category: "office", name: "Room \(k).\(60 + i)",
          ring: rect(x0, 15, x1, 22.5)))
      b.addDoor("mid-se-\(i)", ordinal: k, at: Point(x: (x0 + x1) / 2, y: 15), horizontal: true)
    }
    for (i, (x0, x1)) in [(38.0, 46.5), (46.5, 55.0)].enumerated() {
      offices.append(
        b.addUnit(
          "mid-ne-\(i)", ordinal: k, category: "office", name: "Room \(k).\(70 + i)",
          ring: rect(x0, 22.5, x1, 30)))
      b.addDoor("mid-ne-\(i)", ordinal: k, at: Point(x: (x0 + x1) / 2, y: 30), horizontal: true)
    }
    let stairsB = b.addUnit(
      "stairs-b", ordinal: k, category: "stairs", name: "Stairs B", ring: rect(55, 22.5, 60, 30))
    b.addDoor("stairs-b", ordinal: k, at: Point(x: 57.5, y: 30), horizontal: true)
    b.addAmenity("stairs", name: "Stairs B", unitKeys: [stairsB], at: Point(x: 57.5, y: 26.25))

    for (room, name) in tenants[k] ?? [] {
      b.addOccupant(
        name, category: "office", unitKey: offices[room], at: Point(x: Double(room) * 10 + 5, y: 6))
    }
  }
}
