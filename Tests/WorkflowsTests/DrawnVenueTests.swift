import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Randomness
import Replay
import TestSupport
import Testing

@testable import Localization
@testable import Workflows

/// A venue that is only a radio map gets floor plans drawn from the area its survey spans
/// (`DrawnVenue`): recorded walks replay on it, and a map in Web-Mercator metres is carried to
/// ground metres first.
@Suite struct DrawnVenueTests {
  @Test func aRecordedStreamReplaysOnTheVenueDrawnFromItsMap() throws {
    let folder = try LightScenario.temporaryFolder("drawn")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try LightScenario.write(in: folder)
    let text = try ScenarioRun(file: path).eventStream
    // The scenario's survey built into a map without its venue, as a dataset's would be.
    let survey = try SurveyFile(contentsOf: folder.appendingPathComponent("survey.ndjson"))
    let (map, _) = RadioMapBuilder().build(surveys: [("survey", survey)], plans: nil)
    let mapPath = folder.appendingPathComponent("site.fpmap")
    try RadioMapFile.write(map, to: mapPath)
    let drawnFolder = folder.appendingPathComponent("drawn").path
    func replay() throws -> (lines: [String], summary: ReplaySummary) {
      var replay = try Replayer(
        recorded: text, file: "walk.ndjson", drawnFrom: mapPath.path, venueFolder: drawnFolder,
        kind: .pf, knownStart: false, seed: nil
      ) { _ in }
      replay.settings.particles = 300
      return try replay.run(withTruth: false)
    }
    let (lines, summary) = try replay()
    #expect(lines == (try replay()).lines)
    // The meta record points the viewer at the drawn venue, which loads.
    guard case .meta(let meta)? = try? StreamDecoder.record(lines[0][...], line: 1) else {
      Issue.record("no meta record")
      return
    }
    #expect(meta.venuePath == drawnFolder)
    let plans = try FloorPlanSet(venueAt: drawnFolder)
    #expect(plans.plans.count == map.levels.count)
    #expect(summary.scored > 50)
    #expect(try #require(summary.p75) < 3, "\(summary)")
  }

  /// Web-Mercator metres at 40° N: buildings "A" and "B" side by side, one floor each at
  /// ordinal 0, surveyed every 2 projected metres.
  static func projectedMap() -> RadioMap {
    let corner = Point(x: -7_400, y: 4_864_830)
    let aps = [(0.0, 0.0), (30, 0), (70, 0), (100, 20)].enumerated().map { i, xy in
      ("02:00:00:00:00:0\(i)", Point(x: corner.x + xy.0, y: corner.y + xy.1))
    }
    var records: [SurveyRecord] = []
    for (building, range) in [
      ("A", stride(from: 0, through: 30, by: 2)), ("B", stride(from: 70, through: 100, by: 2)),
    ] {
      for x in range {
        for y in stride(from: 0, through: 20, by: 2) {
          let p = Point(x: corner.x + Double(x), y: corner.y + Double(y))
          let readings = aps.map {
            Reading(bssid: $0.0, rssi: (-40 - 25 * log10(max($0.1.distance(to: p), 1))).rounded())
          }
          records.append(
            SurveyRecord(
              scan: Scan(time: 0, device: "survey", readings: readings), ordinal: 0,
              building: building, position: p))
        }
      }
    }
    let survey = SurveyFile(
      header: SurveyHeader(venue: "campus", source: "test", frame: "EPSG:3857"), records: records)
    return RadioMapBuilder().build(surveys: [("campus", survey)], plans: nil).map
  }

  @Test func aProjectedMapIsCarriedToGroundMetresWithABuildingPerLevel() throws {
    let map = Self.projectedMap()
    #expect(map.frame == "EPSG:3857" && map.levels.count == 2)
    let drawn = try DrawnVenue(map: map, name: "campus")
    // Two plans at ordinal 0, each named by its own map level.
    #expect(drawn.plans.plans.map(\.ordinal) == [0, 0])
    let ids = drawn.map.levels.compactMap(\.levelID)
    #expect(Set(ids) == Set(drawn.plans.plans.map(\.levelID)) && ids.count == 2)
    // Ground metres: 2 projected metres are 2 cos(40°) on the ground.
    let scale = WebMercator.groundScale(atY: 4_864_840)
    #expect(abs(scale - 0.766) < 0.01)
    for (given, carried) in zip(map.levels, drawn.map.levels) {
      #expect(abs(carried.spacing / (given.spacing * scale) - 1) < 0.003)
      let a = given.points[0].position
      let b = given.points[1].position
      let ca = carried.points[0].position
      let cb = carried.points[1].position
      #expect(abs(ca.distance(to: cb) / (a.distance(to: b) * scale) - 1) < 0.003)
      // Each AP's model gives the same RSSI at the same place.
      for (model, moved) in zip(given.models, carried.models) {
        #expect(abs(model.rssi(at: a) - moved.rssi(at: ca)) < 0.05)
      }
    }
    // A fix on the drawn plans is given back in projected metres, without drawn ids.
    let level = drawn.map.levels[1]
    let id = try #require(level.levelID)
    let floor = try #require(drawn.plans.floor(levelID: id))
    let at = level.points[3].position
    let fix = Fix(
      t: 1, position: at, coordinate: drawn.plans.frame.coordinate(for: at), ordinal: 0,
      levelID: drawn.plans[floor].levelID, building: "drawn", unitID: "unit", unitName: "Walkway",
      accuracy: 2)
    let given = drawn.mapFix(fix)
    #expect(given.position.distance(to: map.levels[1].points[3].position) < 0.001)
    #expect(given.building == "B" && given.levelID == nil && given.unitID == nil)
    #expect(drawn.fixOrigin == nil)
    #expect(
      drawn.planPoint(map.levels[1].points[3].position).distance(to: level.points[3].position)
        < 0.001)
  }

  @Test func aMapInAnUnknownProjectionOrAtAPoleIsRefused() {
    var map = Self.projectedMap()
    map.frame = "EPSG:2062"
    #expect(throws: FingerpostError.self) { try DrawnVenue(map: map, name: "campus") }
    // Web-Mercator y of 3.5e7 m is 89.5° N: no ground scale to draw with.
    let polar = map.levels.map { level in
      var level = level
      for i in level.points.indices { level.points[i].position.y += 3.5e7 - 4_864_830 }
      return level
    }
    let atPole = RadioMap(
      bssids: map.bssids, levels: polar, origin: nil, frame: "EPSG:3857", sources: [],
      measurementSigma: map.measurementSigma)
    let refused = atPole.inGroundFrame() == nil
    #expect(refused)
    #expect(throws: FingerpostError.self) { try DrawnVenue(map: atPole, name: "campus") }
  }

  /// Ground metres about an origin: floors 0 and 2 of one building (floor 1 never surveyed),
  /// 20 × 10 m each, surveyed every 2 m.
  static func twoFloorMap() -> RadioMap {
    var records: [SurveyRecord] = []
    for ordinal in [0, 2] {
      for x in stride(from: 0, through: 20, by: 2) {
        for y in stride(from: 0, through: 10, by: 2) {
          let p = Point(x: Double(x), y: Double(y))
          let readings = [Reading(bssid: "02:00:00:00:0\(ordinal):01", rssi: -50 - Double(x))]
          records.append(
            SurveyRecord(
              scan: Scan(time: 0, device: "survey", readings: readings), ordinal: ordinal,
              position: p))
        }
      }
    }
    let survey = SurveyFile(
      header: SurveyHeader(
        venue: "two", origin: GeoCoordinate(longitude: 11.11, latitude: 49.46), source: "test"),
      records: records)
    return RadioMapBuilder().build(surveys: [("two", survey)], plans: nil).map
  }

  @Test func floorsNothingConnectsAreReachedAnywhereSlowly() throws {
    let drawn = try DrawnVenue(map: Self.twoFloorMap(), name: "two")
    #expect(drawn.plans.connectors.isEmpty)
    // The next floor up from 0 is 2 (no floor 1 was surveyed), and down from 2 is 0.
    #expect(ParticleFilter.freeFloors(of: drawn.plans) == [[1], [0]])
    #expect(drawn.plans.plans.map(\.ordinal) == [0, 2])
    // A venue whose floors stairs join has none.
    let office = try FloorPlanSet(venueAt: RepositoryPaths.sampleVenue("office"))
    let officeFree = ParticleFilter.freeFloors(of: office)
    #expect(officeFree.allSatisfy { $0.isEmpty })
    // 20 short steps from floor 0: particles reach floor 2 only with a free floor change.
    func upstairs(rate: Double) throws -> Int {
      var settings = ParticleFilterSettings()
      settings.particles = 300
      settings.freeFloorChange = rate
      let pf = ParticleFilter(
        plans: drawn.plans, map: drawn.map, settings: settings,
        generator: try RandomGenerator(seed: 4),
        start: Route.Waypoint(floor: FloorID(0), point: Point(x: 10, y: 5)))
      for k in 1...20 { pf.step(Step(t: Double(k) * 0.5, length: 0.1, heading: 90)) }
      return pf.particles.plan.filter { $0 == 1 }.count
    }
    #expect(try upstairs(rate: 0) == 0)
    let moved = try upstairs(rate: 0.01)
    #expect(moved > 20 && moved < 100, "\(moved) of 300")
  }

  @Test func theFloorChangeRateIsFittedFromTheTrainingWalks() {
    func walk(_ ordinals: [Int]) -> WalkCalibration.Walk {
      WalkCalibration.Walk(
        ordinal: ordinals[0],
        truth: ordinals.enumerated().map { k, ordinal in
          TruthSample(
            t: Double(k) * 10, ordinal: ordinal, position: Point(x: Double(k) * 10, y: 0),
            checkpoint: true)
        },
        steps: (0..<50).map { Step(t: Double($0) * 0.5, length: 0.7, heading: 90) }, scans: [])
    }
    var calibration = WalkCalibration()
    calibration.fitFloorChanges([walk([0, 0, 0]), walk([0, 0, 0])])
    #expect(calibration.floorChangesPerStep == 0)
    calibration.fitFloorChanges([walk([0, 1, 0]), walk([0, 0, 0])])
    #expect(calibration.floorChangesPerStep == 2.0 / 100)
    var settings = ParticleFilterSettings()
    calibration.apply(to: &settings)
    #expect(settings.freeFloorChange == 0.02)
  }
}
