import FloorPlans
import Foundation
import Geometry
import IMDF
import TestSupport
import Testing

@Suite(.enabled(if: RepositoryPaths.polymap != nil, "../shared/data/imdf-polymap is absent"))
struct PolyMapPlanTests {
  @Test func derivesEightPlansConnectorsAndRoutesAcrossFloors() throws {
    let venue = try VenueLoader.load(path: RepositoryPaths.polymap!)
    let set = FloorPlanSet(venue: venue)
    #expect(set.plans.count == 8)
    #expect(set.plans.reduce(0) { $0 + $1.units.count { !$0.isDerived } } == 443)
    // The main building's level 2 leaves 124 m² of its outline in no unit: an open walkway.
    #expect(set.plans.filter { $0.walkwayArea > 100 }.count == 1)
    #expect(set.connectors.filter { $0.kind == .stairs }.count >= 40)
    #expect(set.connectors.contains { $0.kind == .elevator })
    // Building No 3 spans ordinals 1–5: route from its ground floor to its top floor.
    let building3 = set.plans.first { $0.ordinal == 5 }!.buildingIDs
    let low = set.plans.firstIndex { $0.ordinal == 1 && $0.buildingIDs == building3 }!
    let high = set.plans.firstIndex { $0.ordinal == 5 }!
    let a = UnitRef(
      floor: FloorID(low), unit: set.plans[low].units.firstIndex { $0.category == "walkway" }!)
    let b = UnitRef(
      floor: FloorID(high), unit: set.plans[high].units.firstIndex { $0.category == "walkway" }!)
    let route = try Router(set).route(from: a, to: b)
    #expect(route.levelChanges.count == 4)
  }

  /// PolyMap ships its authors' walking graph (`navPath.geojson`): every link it draws between
  /// floors must join two units that our connector detection links too.
  @Test func connectorsAgreeWithTheAuthorsWalkingGraph() throws {
    let root = RepositoryPaths.polymap!
    let set = FloorPlanSet(venue: try VenueLoader.load(path: root))
    let nav = try JSONParser.parse(
      Data(contentsOf: URL(fileURLWithPath: root + "/navPath.geojson")))
    var nodes: [String: (floor: FloorID, point: Point, neighbours: [String])] = [:]
    for feature in nav["features"]?.arrayValue ?? [] {
      guard let id = feature["id"]?.stringValue,
        let level = feature["properties"]?["level_id"]?.stringValue,
        let plan = set.floor(levelID: level),
        let c = feature["geometry"]?["coordinates"]?.arrayValue,
        let lon = c.first?.doubleValue, let lat = c.last?.doubleValue
      else { continue }
      let neighbours =
        feature["properties"]?["neighbours"]?.arrayValue?.compactMap(\.stringValue) ?? []
      nodes[id] = (
        plan, set.frame.point(for: GeoCoordinate(longitude: lon, latitude: lat)), neighbours
      )
    }
    var joined = Set<[UnitRef]>()
    for c in set.connectors { joined.formUnion([[c.lower, c.upper], [c.upper, c.lower]]) }
    var links = 0
    for (_, a) in nodes {
      for id in a.neighbours {
        guard let b = nodes[id], b.floor != a.floor else { continue }
        links += 1
        let ua = try #require(set[a.floor].unitIndex(at: a.point))
        let ub = try #require(set[b.floor].unitIndex(at: b.point))
        #expect(
          joined.contains([UnitRef(floor: a.floor, unit: ua), UnitRef(floor: b.floor, unit: ub)]))
      }
    }
    #expect(links >= 70)  // 76 directed links between floors, per the data's README
  }
}
