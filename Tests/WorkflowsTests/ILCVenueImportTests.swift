import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import IMDF
import TestSupport
import Testing

@testable import Workflows

/// ILC floor maps become a valid IMDF venue: levels by floor name, shops with doors where they
/// meet the walkway, voids and closed areas not walkable, in the frame walks are imported in.
@Suite struct ILCVenueImportTests {
  /// A site folder with floors `B1` and `F1`, each a 60 × 30 m hall holding a 10 × 10 m shop
  /// against the north wall, a void in the middle and a shop enclosed by the void.
  static func site(in folder: TemporaryFolder) throws -> String {
    let root = folder.appending("site")
    // 1 m ≈ 1/96,486 ° of longitude and 1/110,574 ° of latitude at 30° N.
    func ring(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> String {
      let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
      return "[["
        + corners.map { "[\(120 + $0.0 / 96_486), \(30 + $0.1 / 110_574)]" }.joined(separator: ", ")
        + "]]"
    }
    func feature(_ name: String, _ type: String, _ coordinates: String) -> String {
      #"{"type": "Feature", "properties": {"name": "\#(name)", "type": "\#(type)", "point": [13366730.1, 3541383.3]}, "geometry": {"type": "Polygon", "coordinates": \#(coordinates)}}"#
    }
    for floor in ["B1", "F1"] {
      let folder = root.appendingPathComponent(floor)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let features = [
        feature(floor, "floor", ring(0, 0, 60, 30)),
        feature("Shop A", "shop", ring(5, 20, 15, 30)),
        feature("zhongkong", "shop", ring(25, 5, 45, 20)),
        feature("Shop B", "shop", ring(30, 10, 40, 15)),
        feature("feikaifangquyu", "shop", ring(50, 0, 60, 10)),
      ]
      try #"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ", "))]}"#
        .write(
          to: folder.appendingPathComponent("geojson_map.json"), atomically: true, encoding: .utf8)
      try #"{"map_info": {"height": 30, "width": 60}}"#.write(
        to: folder.appendingPathComponent("floor_info.json"), atomically: true, encoding: .utf8)
    }
    return root.path
  }

  @Test func floorMapsBecomeAValidVenueWithDoorsOnTheWalkway() throws {
    let tmp = try TemporaryFolder("ilc-venue")
    defer { tmp.remove() }
    let site = try Self.site(in: tmp)
    let imported = try ILCVenueImporter().importSite(site, name: "mall")
    #expect(imported.venue.floors.map(\.ordinal) == [-1, 0])
    // Shop A gets one door (its south edge, and its sides face walkway too); Shop B, inside the
    // void, none.
    #expect(imported.doors.unitsWithoutDoor == ["Shop B", "Shop B"])
    let folder = tmp.appending("mall")
    try imported.features.write(to: folder)
    let venue = try VenueLoader.load(path: folder.path)
    let report = VenueValidator.validate(venue)
    #expect(report.isValid, "\(report.text)")
    let plans = FloorPlanSet(venue: venue)
    let floor = try #require(plans.floors(atOrdinal: 0).first)
    let ground = plans.plans[floor.index]
    // The site frame's origin is the maps' south-west corner, so image metres are site metres;
    // the venue's own frame is centred on it.
    let siteFrame = LocalFrame(origin: imported.venue.origin)
    func local(_ x: Double, _ y: Double) -> Point {
      plans.frame.point(for: siteFrame.coordinate(for: Point(x: x, y: y)))
    }
    #expect(ground.isWalkable(local(20, 25)))  // walkway
    #expect(ground.isWalkable(local(10, 25)))  // Shop A
    #expect(!ground.isWalkable(local(28, 8)))  // the void
    #expect(!ground.isWalkable(local(55, 5)))  // the closed area
    // From the walkway into Shop A without crossing a wall: through a door.
    let route = try Router(plans).route(
      from: Route.Waypoint(floor: floor, point: local(20, 5)),
      to: Route.Waypoint(floor: floor, point: local(10, 25)))
    #expect(route.walkingDistance < 40, "\(route.walkingDistance)")
  }

  @Test func theSharedDataSiteImportsWithEveryWaypointWalkable() throws {
    guard let data = RepositoryPaths.sharedData("msft-ilc20/site1") else {
      print("skipped: ../shared/data/msft-ilc20 is absent")
      return
    }
    let imported = try ILCVenueImporter().importSite(data, name: "site1")
    let tmp = try TemporaryFolder("ilc-venue")
    defer { tmp.remove() }
    let folder = tmp.appending("site1")
    try imported.features.write(to: folder)
    let venue = try VenueLoader.load(path: folder.path)
    #expect(VenueValidator.validate(venue).isValid)
    let plans = FloorPlanSet(venue: venue)
    let coverage = try ILCVenueImporter.waypointCoverage(site: data, plans: plans)
    #expect(coverage.map(\.floor) == ["F1", "F2"])
    for floor in coverage { #expect(floor.share >= 0.99, "\(floor)") }
    // A walk imported from the same site lands in the same frame: its truth is walkable.
    let file = try FileAccess.files(in: [data + "/F2/path_data_files"], withExtension: "txt")[0]
    let walk = try ILCWalkImporter().importFile(file)
    let ordinal = try #require(walk.ordinal)
    let level = plans.plans[try #require(plans.floors(atOrdinal: ordinal).first).index]
    let site = LocalFrame(origin: walk.origin)
    let walkable = walk.truth.filter {
      level.isWalkable(plans.frame.point(for: site.coordinate(for: $0.position)))
    }.count
    #expect(
      Double(walkable) >= 0.95 * Double(walk.truth.count), "\(walkable) of \(walk.truth.count)")
  }
}
