import FloorPlans
import Foundation
import Simulation
import TestSupport
import Testing
import Workflows

/// `assess` on a venue whose units are not all connected walks the connected part and says
/// which units it could not reach, instead of stopping.
@Suite struct AssessmentConnectivityTests {
  /// The sample office without its stairs and lift (three floors that nothing joins), with
  /// only two rooms left on the second floor.
  static func officeWithoutConnectors() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-connectors-\(UUID())")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: RepositoryPaths.sampleVenue("office")), to: folder)
    let file = folder.appendingPathComponent("unit.geojson")
    var units = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let features = try #require(units["features"] as? [[String: Any]])
    func properties(_ feature: [String: Any]) -> [String: Any] {
      feature["properties"] as? [String: Any] ?? [:]
    }
    func name(_ feature: [String: Any]) -> String? {
      (properties(feature)["name"] as? [String: String])?["en"]
    }
    let kept = ["Room 2.01", "Room 2.02"]
    let second =
      try #require(features.first { name($0) == kept[0] }.map(properties)?["level_id"])
      as? String
    units["features"] = features.filter {
      let category = properties($0)["category"] as? String
      guard category != "stairs", category != "elevator" else { return false }
      return properties($0)["level_id"] as? String != second || kept.contains(name($0) ?? "")
    }
    try JSONSerialization.data(withJSONObject: units).write(to: file)
    return folder
  }

  @Test func walksStayInAConnectedPartAndTheRestIsReported() throws {
    let folder = try Self.officeWithoutConnectors()
    defer { try? FileManager.default.removeItem(at: folder) }
    var assessment = Assessment(venuePath: folder.path)
    assessment.surveySpacing = 4
    assessment.walks = 3
    assessment.kidnaps = 0
    assessment.stopsPerWalk = 3
    assessment.particles = 100
    let setting = try assessment.prepare()
    let walks = try assessment.randomWalks(plans: setting.world.plans)
    #expect(walks.count == 3)
    var floors = Set<Int>()
    for walk in walks {
      var ordinals = Set<Int?>()
      for place in [walk.start] + walk.stops.map(\.place) {
        guard case .unit(_, let ordinal) = place else {
          Issue.record("a walk stops at a point")
          continue
        }
        ordinals.insert(ordinal)
      }
      // Each walk stays on one floor (nothing joins them), never the second.
      #expect(ordinals.count == 1 && !ordinals.contains(2))
      floors.formUnion(ordinals.compactMap { $0 })
    }
    let report = try assessment.run(in: setting)
    #expect(report.walks.count == 3)
    // The two rooms left on the second floor and the walkway its outline leaves between them
    // are too few for a walk of four stops.
    #expect(report.notWalked == ["2: Room 2.01", "2: Room 2.02", "2: Walkway"])
    #expect(report.text.contains("not walked: 3 unit(s)"))
  }

  @Test func aConnectedVenueLeavesNothingOut() throws {
    let plans = try FloorPlanSet(venueAt: RepositoryPaths.sampleVenue("office"))
    let destinations = plans.plans.indices.flatMap { p in
      plans.plans[p].walkableUnits.map { UnitRef(floor: FloorID(p), unit: $0) }
    }
    #expect(Router(plans).graph.connectedGroups(of: destinations).count == 1)
  }
}
