import Geometry
import IMDF

/// A synthetic convention center at real-venue scale: three indoor levels of 200 m × 130 m
/// (26,000 m² each) and an outdoor plaza (240 m × 30 m) sharing the ground level's ordinal.
/// Open halls, a foyer with four escalators, a concourse, a spine and a north corridor, seven
/// stairs and two elevators a level, meeting rooms, restrooms and service rooms.
enum ConventionVenue {
  static let origin = GeoCoordinate(longitude: -0.0099, latitude: 51.5081)
  static let levelNames = ["Ground Level", "Level 1", "Level 2"]

  static func build() -> VenueBuilder {
    var b = VenueBuilder(name: "convention", origin: origin)
    let outline = rect(0, 0, 200, 130)
    b.addSite(
      name: "Fingerpost Convention Center", category: "conventioncenter",
      outline: rect(-30, -40, 230, 140), building: "Convention Center", footprint: outline)
    for k in 0...2 {
      b.addLevel(
        ordinal: k, name: levelNames[k], shortName: k == 0 ? "G" : "\(k)", outline: outline)
      addFoyerAndCorridors(&b, k)
      addHalls(&b, k)
      addNorthStrip(&b, k)
    }
    addPlaza(&b)
    return b
  }

  /// The foyer along the south front (four escalators in it, a stair core at each end), the
  /// concourse behind it, the spine between the halls and the north corridor.
  private static func addFoyerAndCorridors(_ b: inout VenueBuilder, _ k: Int) {
    let escalators = [40.0, 80, 116, 156].map { rect($0, 6, $0 + 4, 14) }
    b.addUnit(
      "foyer", ordinal: k, category: k == 0 ? "lobby" : "walkway",
      name: k == 0 ? "Main Foyer" : "Foyer \(k)", ring: rect(6, 0, 194, 20), holes: escalators,
      display: Point(x: 100, y: 17))
    for (i, ring) in escalators.enumerated() {
      let key = b.addUnit(
        "escalator-\(i)", ordinal: k, category: "escalator", name: "Escalator \(i + 1)",
        ring: ring)
      b.addAmenity("escalator", name: "Escalator \(i + 1)", unitKeys: [key], at: center(ring))
    }
    for (side, x0) in [("west", 0.0), ("east", 194.0)] {
      addStairs(
        &b, k, "foyer-\(side)", ring: rect(x0, 0, x0 + 6, 10),
        door: Point(x: side == "west" ? 6 : 194, y: 5), horizontal: false)
      b.addUnit(
        "store-\(side)", ordinal: k, category: "nonpublic", name: "Store",
        ring: rect(x0, 10, x0 + 6, 20))
    }
    b.addUnit(
      "concourse", ordinal: k, category: "walkway", name: "Concourse", ring: rect(0, 20, 200, 28))
    b.addUnit("spine", ordinal: k, category: "walkway", name: "Spine", ring: rect(96, 28, 104, 112))
    b.addUnit(
      "north-corridor", ordinal: k, category: "walkway", name: "North Corridor",
      ring: rect(0, 112, 200, 118))
    if k == 0 {
      for (i, x) in [60.0, 100, 140].enumerated() {
        b.addDoor(
          "entrance-\(i)", ordinal: k, at: Point(x: x, y: 0), horizontal: true, width: 4,
          category: "pedestrian.principal")
      }
    }
  }

  /// West and east of the spine: two exhibition halls on the ground level, a ballroom and four
  /// meeting rooms on level 1, an auditorium and six meeting rooms on level 2; a stair core in
  /// the middle of each side.
  private static func addHalls(_ b: inout VenueBuilder, _ k: Int) {
    let westStairs = rect(44, 66, 52, 74)
    let eastStairs = rect(148, 66, 156, 74)
    let westNames = ["Exhibition Hall A", "Grand Ballroom", "Auditorium"]
    let westCategories = ["room", "room", "auditorium"]
    b.addUnit(
      "west-hall", ordinal: k, category: westCategories[k], name: westNames[k],
      ring: rect(0, 28, 96, 112), holes: [westStairs], display: Point(x: 24, y: 90))
    addHallDoors(&b, k, "west-hall", concourse: [20, 76], spine: 96, spineSide: "e")
    addStairs(&b, k, "west-hall", ring: westStairs, door: Point(x: 48, y: 66), horizontal: true)
    if k == 0 {
      b.addUnit(
        "east-hall", ordinal: k, category: "room", name: "Exhibition Hall B",
        ring: rect(104, 28, 200, 112), holes: [eastStairs], display: Point(x: 176, y: 90))
      addHallDoors(&b, k, "east-hall", concourse: [124, 180], spine: 104, spineSide: "w")
    } else {
      // Meeting rooms in bands from the concourse to the north corridor, doors on the spine;
      // the middle band holds the stair core and a corridor to it.
      let bands = k == 1 ? [28.0, 49, 66, 74, 91, 112] : [28.0, 42, 56, 66, 74, 84, 98, 112]
      var room = 0
      for (y0, y1) in zip(bands, bands.dropFirst()) {
        if y0 == 66 {
          b.addUnit(
            "stair-hall", ordinal: k, category: "walkway", name: "Stair Hall",
            ring: rect(104, 66, 148, 74))
          b.addUnit(
            "east-store", ordinal: k, category: "nonpublic", name: "Store",
            ring: rect(156, 66, 200, 74))
          continue
        }
        room += 1
        let name = "Meeting Room \(k).\(room < 10 ? "0" : "")\(room)"
        b.addUnit(
          "east-room-\(room)", ordinal: k, category: "conferenceroom", name: name,
          ring: rect(104, y0, 200, y1))
        b.addDoor(
          "east-room-\(room)", ordinal: k, at: Point(x: 104, y: (y0 + y1) / 2), horizontal: false,
          width: 2)
      }
    }
    // Into the hall on the ground level, into the stair hall above.
    addStairs(
      &b, k, "east-hall", ring: eastStairs,
      door: k == 0 ? Point(x: 152, y: 66) : Point(x: 148, y: 70), horizontal: k == 0)
  }

  /// Rooms between the north corridor and the back wall, doors on the corridor.
  private static func addNorthStrip(_ b: inout VenueBuilder, _ k: Int) {
    let rooms: [(x0: Double, x1: Double, kind: String)] = [
      (0, 6, "stairs"), (6, 18, "restroom.male"), (18, 30, "restroom.female"),
      (30, 60, "conferenceroom"), (60, 88, "nonpublic"), (88, 94, "elevator"), (94, 106, "stairs"),
      (106, 112, "elevator"), (112, 140, "conferenceroom"), (140, 170, "foodservice"),
      (170, 182, "restroom.male"), (182, 194, "restroom.female"), (194, 200, "stairs"),
    ]
    var number = 0
    for (i, room) in rooms.enumerated() {
      let ring = rect(room.x0, 118, room.x1, 130)
      let door = Point(x: (room.x0 + room.x1) / 2, y: 118)
      switch room.kind {
      case "stairs":
        addStairs(&b, k, "north-\(i)", ring: ring, door: door, horizontal: true)
      case "elevator":
        let key = b.addUnit(
          "elevator-\(i)", ordinal: k, category: "elevator", name: "Elevator \(i)", ring: ring)
        b.addDoor("elevator-\(i)", ordinal: k, at: door, horizontal: true, width: 1.2)
        b.addAmenity("elevator", name: "Elevator \(i)", unitKeys: [key], at: center(ring))
      default:
        number += 1
        let names = [
          "restroom.male": "Restroom (Men)", "restroom.female": "Restroom (Women)",
          "nonpublic": "Service", "foodservice": "Café",
        ]
        let name = names[room.kind] ?? "Room \(k).N\(number)"
        let key = b.addUnit("north-\(i)", ordinal: k, category: room.kind, name: name, ring: ring)
        b.addDoor("north-\(i)", ordinal: k, at: door, horizontal: true, width: 1.5)
        if room.kind.hasPrefix("restroom") {
          b.addAmenity(room.kind, name: name, unitKeys: [key], at: center(ring))
        }
      }
    }
  }

  /// A hall's 3 m doors: onto the concourse (y 28) at `concourse`, onto the spine (x `spine`)
  /// at y 50 and 90.
  private static func addHallDoors(
    _ b: inout VenueBuilder, _ k: Int, _ hall: String, concourse: [Double], spine: Double,
    spineSide: String
  ) {
    for x in concourse {
      b.addDoor(
        "\(hall)-s\(Int(x))", ordinal: k, at: Point(x: x, y: 28), horizontal: true, width: 3)
    }
    for y in [50.0, 90] {
      b.addDoor(
        "\(hall)-\(spineSide)\(Int(y))", ordinal: k, at: Point(x: spine, y: y),
        horizontal: false, width: 3)
    }
  }

  /// A stair core: its unit, its door and its amenity.
  private static func addStairs(
    _ b: inout VenueBuilder, _ k: Int, _ key: String, ring: [Point], door: Point,
    horizontal: Bool
  ) {
    let unit = b.addUnit(
      "stairs-\(key)", ordinal: k, category: "stairs", name: "Stairs \(key)", ring: ring)
    b.addDoor("stairs-\(key)", ordinal: k, at: door, horizontal: horizontal, width: 1.5)
    b.addAmenity("stairs", name: "Stairs \(key)", unitKeys: [unit], at: center(ring))
  }

  /// The outdoor plaza south of the building: a level of its own at ordinal 0 (outdoor, no
  /// building), with two kiosks.
  private static func addPlaza(_ b: inout VenueBuilder) {
    let outline = rect(-20, -30, 220, 0)
    let kiosks = [rect(20, -20, 28, -14), rect(172, -20, 180, -14)]
    b.addLevel(ordinal: 0, name: "Plaza", shortName: "P", outline: outline, outdoorKey: "plaza")
    b.addUnit(
      "plaza", ordinal: 0, category: "walkway", name: "Plaza", ring: outline, holes: kiosks,
      display: Point(x: 100, y: -15), levelKey: "plaza")
    for (i, ring) in kiosks.enumerated() {
      let key = b.addUnit(
        "kiosk-\(i)", ordinal: 0, category: "foodservice", name: "Kiosk \(i + 1)", ring: ring,
        levelKey: "plaza")
      b.addDoor(
        "kiosk-\(i)", ordinal: 0, at: Point(x: center(ring).x, y: -14), horizontal: true,
        levelKey: "plaza")
      b.addOccupant(
        i == 0 ? "Plaza Coffee" : "Plaza Ices", category: "foodservice", unitKey: key,
        at: center(ring))
    }
  }
}
