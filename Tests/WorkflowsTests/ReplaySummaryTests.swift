import FingerpostCore
import FloorPlans
import Geometry
import IMDF
import Replay
import Simulation
import TestSupport
import Testing

/// The quick look printed after a replay judges units only where the truth names one.
@Suite struct ReplaySummaryTests {
  static func plans() throws -> FloorPlanSet {
    let archive = try TemporaryArchive(CorridorVenue.files)
    defer { archive.remove() }
    return FloorPlanSet(venue: try VenueLoader.load(path: archive.path))
  }

  static func walk(units: [String?]) -> Walk {
    var walk = Walk(venueName: "corridor", seed: 1)
    walk.truth = units.enumerated().map { k, unit in
      TruthSample(t: Double(k), ordinal: 0, position: Point(x: Double(k), y: 0), unitID: unit)
    }
    return walk
  }

  static func fixes(units: [String?]) -> [Fix] {
    units.enumerated().map { k, unit in
      Fix(t: Double(k), position: Point(x: Double(k), y: 1), ordinal: 0, unitID: unit, accuracy: 5)
    }
  }

  @Test func unitHitsAreCountedOverTheTruthThatNamesAUnit() throws {
    let rooms = CorridorVenue.rooms
    let summary = ReplaySummary(
      localizer: "pf", fixes: Self.fixes(units: [rooms[0], rooms[1], rooms[0], rooms[2]]),
      walk: Self.walk(units: [rooms[0], rooms[0], nil, nil]), plans: try Self.plans())
    #expect(summary.scored == 4)
    #expect(summary.unitRate == 0.5)
    #expect(summary.description.contains("unit 50.0 %"))
    #expect(abs((summary.p75 ?? 0) - 1) < 1e-9)
  }

  @Test func truthWithoutUnitsLeavesTheUnitRateUnjudged() throws {
    let summary = ReplaySummary(
      localizer: "pf", fixes: Self.fixes(units: [CorridorVenue.rooms[0], nil]),
      walk: Self.walk(units: [nil, nil]), plans: try Self.plans())
    #expect(summary.scored == 2)
    #expect(summary.unitRate == nil)
    #expect(summary.description.contains("unit not judged"))
    #expect(summary.floorRate == 1)
  }
}
