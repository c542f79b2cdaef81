import Geometry
import IMDF

/// A synthetic two-level mall: shops around a concourse with a central atrium (open to below on
/// the upper level), two escalators, an elevator, restrooms and an entrance hall.
/// 80 m × 60 m (4,800 m²) a level.
enum MallVenue {
  static let origin = GeoCoordinate(longitude: 2.1734, latitude: 41.3851)
  static let shops = [
    ("Northwind Books", "retail"), ("Contoso Coffee", "cafe"), ("Fabrikam Shoes", "shoes"),
    ("Tailspin Toys", "toys"), ("Litware Electronics", "electronics"),
    ("Adatum Pharmacy", "pharmacy"),
    ("Proseware Fashion", "clothing"), ("Wingtip Jewels", "jewelry"), ("Alpine Sports", "sports"),
    ("Margie's Travel", "travel"), ("Humongous Grocer", "grocery"), ("Coho Gifts", "giftshop"),
  ]

  static func build() -> VenueBuilder {
    var b = VenueBuilder(name: "mall", origin: origin)
    let outline = rect(0, 0, 80, 60)
    b.addSite(
      name: "Fingerpost Mall", category: "shoppingcenter", outline: rect(-15, -15, 95, 75),
      building: "Mall", footprint: outline)
    for ordinal in 0...1 {
      b.addLevel(
        ordinal: ordinal, name: ordinal == 0 ? "Ground Level" : "Upper Level",
        shortName: ordinal == 0 ? "G" : "1", outline: outline)
      addFloor(&b, ordinal)
    }
    return b
  }

  /// The next shop name on level `k`: "Shop G.01", "Shop 1.04"…
  private static func shopName(_ k: Int, _ number: inout Int) -> String {
    number += 1
    return "Shop \(k == 0 ? "G" : String(k)).\(number < 10 ? "0" : "")\(number)"
  }

  private static func addFloor(_ b: inout VenueBuilder, _ k: Int) {
    let atrium = rect(30, 20, 50, 40)
    let escalators = [rect(24, 24, 27, 36), rect(53, 24, 56, 36)]
    let elevator = rect(38, 42, 42, 46)
    b.addUnit(
      "concourse", ordinal: k, category: "walkway", name: "Concourse", ring: rect(12, 12, 68, 48),
      holes: [atrium] + escalators + [elevator], display: Point(x: 20, y: 16))
    b.addUnit(
      "atrium", ordinal: k, category: k == 0 ? "walkway" : "opentobelow",
      name: k == 0 ? "Atrium" : "Atrium (open to below)",
      ring: atrium)
    for (i, ring) in escalators.enumerated() {
      let key = b.addUnit(
        "escalator-\(i)", ordinal: k, category: "escalator", name: "Escalator \(i + 1)", ring: ring)
      b.addAmenity("escalator", name: "Escalator \(i + 1)", unitKeys: [key], at: center(ring))
    }
    let lift = b.addUnit(
      "elevator", ordinal: k, category: "elevator", name: "Elevator", ring: elevator)
    b.addDoor("elevator", ordinal: k, at: Point(x: 40, y: 42), horizontal: true, width: 1.2)
    b.addAmenity("elevator", name: "Elevator", unitKeys: [lift], at: center(elevator))
    b.addAmenity("atm", name: "ATM", unitKeys: ["unit:\(k):concourse"], at: Point(x: 15, y: 45))

    for (x0, y0) in [(0.0, 0.0), (68.0, 0.0), (0.0, 48.0), (68.0, 48.0)] {
      b.addUnit(
        "service-\(Int(x0))-\(Int(y0))", ordinal: k, category: "nonpublic", name: "Service",
        ring: rect(x0, y0, x0 + 12, y0 + 12))
    }
    var shopUnits: [(key: String, at: Point)] = []
    var shopNumber = 0
    for i in 0..<4 {
      let x = 12 + Double(i) * 14
      if k == 0 && i == 1 {
        let hall = b.addUnit(
          "entrance", ordinal: k, category: "lobby", name: "Entrance Hall",
          ring: rect(x, 0, x + 14, 12))
        b.addDoor(
          "entrance-out", ordinal: k, at: Point(x: x + 7, y: 0), horizontal: true, width: 3,
          category: "pedestrian.principal")
        b.addDoor("entrance-in", ordinal: k, at: Point(x: x + 7, y: 12), horizontal: true, width: 4)
        b.addAmenity(
          "information", name: "Information", unitKeys: [hall], at: Point(x: x + 7, y: 6))
      } else {
        shopUnits.append(
          (
            b.addUnit(
              "south-\(i)", ordinal: k, category: "room", name: shopName(k, &shopNumber),
              ring: rect(x, 0, x + 14, 12)), Point(x: x + 7, y: 6)
          ))
        b.addDoor("south-\(i)", ordinal: k, at: Point(x: x + 7, y: 12), horizontal: true, width: 2)
      }
      shopUnits.append(
        (
          b.addUnit(
            "north-\(i)", ordinal: k, category: "room", name: shopName(k, &shopNumber),
            ring: rect(x, 48, x + 14, 60)), Point(x: x + 7, y: 54)
        ))
      b.addDoor("north-\(i)", ordinal: k, at: Point(x: x + 7, y: 48), horizontal: true, width: 2)
    }
    for (i, (y0, y1)) in [(12.0, 24.0), (36.0, 48.0)].enumerated() {
      shopUnits.append(
        (
          b.addUnit(
            "west-\(i)", ordinal: k, category: "room", name: shopName(k, &shopNumber),
            ring: rect(0, y0, 12, y1)), Point(x: 6, y: (y0 + y1) / 2)
        ))
      b.addDoor(
        "west-\(i)", ordinal: k, at: Point(x: 12, y: (y0 + y1) / 2), horizontal: false, width: 2)
    }
    for (i, (y0, y1)) in [(12.0, 24.0), (24.0, 36.0), (36.0, 48.0)].enumerated() {
      shopUnits.append(
        (
          b.addUnit(
            "east-\(i)", ordinal: k, category: "room", name: shopName(k, &shopNumber),
            ring: rect(68, y0, 80, y1)), Point(x: 74, y: (y0 + y1) / 2)
        ))
      b.addDoor(
        "east-\(i)", ordinal: k, at: Point(x: 68, y: (y0 + y1) / 2), horizontal: false, width: 2)
    }
    let men = b.addUnit(
      "wc-men", ordinal: k, category: "restroom.male", name: "Restroom (Men)",
      ring: rect(0, 24, 12, 30))
    b.addDoor("wc-men", ordinal: k, at: Point(x: 12, y: 27), horizontal: false)
    b.addAmenity("restroom.male", name: "Restroom (Men)", unitKeys: [men], at: Point(x: 6, y: 27))
    let women = b.addUnit(
      "wc-women", ordinal: k, category: "restroom.female", name: "Restroom (Women)",
      ring: rect(0, 30, 12, 36))
    b.addDoor("wc-women", ordinal: k, at: Point(x: 12, y: 33), horizontal: false)
    b.addAmenity(
      "restroom.female", name: "Restroom (Women)", unitKeys: [women], at: Point(x: 6, y: 33))

    for (s, shop) in shopUnits.enumerated() {
      let (name, category) = shops[(s + k * 5) % shops.count]
      b.addOccupant(name, category: category, unitKey: shop.key, at: shop.at)
    }
  }
}
