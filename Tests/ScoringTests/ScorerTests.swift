import FingerpostCore
import Geometry
import Testing

@testable import Scoring

/// Tracks built by hand, with answers worked out by hand.
@Suite struct ScorerTests {
  /// The truth standing at `point` from 0 to `end` s at 10 Hz.
  func standing(
    _ point: Point = .zero, until end: Double, ordinal: Int = 0, unit: String? = "A",
    building: String? = nil
  ) -> [TruthSample] {
    (0...Int(end * 10)).map {
      TruthSample(
        t: Double($0) / 10, ordinal: ordinal, position: point, building: building, unitID: unit)
    }
  }

  /// A fix at `t` (an accuracy of NaN: none reported).
  func fix(
    _ t: Double, _ x: Double, _ y: Double = 0, ordinal: Int = 0, unit: String? = "A",
    accuracy: Double = .nan, building: String? = nil
  ) -> Fix {
    Fix(
      t: t, position: Point(x: x, y: y), ordinal: ordinal, building: building, unitID: unit,
      accuracy: accuracy)
  }

  @Test func aConstantOffsetGivesItsLengthEverywhereAndItsVectorAsBias() throws {
    let fixes = stride(from: 0.0, through: 10, by: 0.5).map { fix($0, 3, 4) }
    let s = try Scorer().score(truth: standing(until: 10), fixes: fixes)
    #expect(s.instants == 21 && s.instantsTotal == 21)
    for v in [s.evaal, s.ilc, s.mean, s.rmse, s.median, s.p75, s.p95, s.max] {
      #expect(abs(v - 5) < 1e-12)
    }
    #expect(abs(s.biasEast - 3) < 1e-12 && abs(s.biasNorth - 4) < 1e-12)
    #expect(s.floorRate == 1 && s.unitRate == 1 && s.buildingRate == nil)
    #expect(s.availability == 1 && s.jumpRate == 0)
    #expect(s.timeToFirstFix == nil)  // 5 m is never under 3 m
  }

  @Test func floorAndBuildingPenalties() throws {
    // Ten instants (0…4.5 s), error 1 m; the last four on ordinal 1; one in building B.
    let fixes = (0..<10).map { k in
      fix(
        Double(k) / 2, 1, ordinal: k >= 6 ? 1 : 0, building: k == 0 ? "B" : "A")
    }
    let s = try Scorer().score(
      truth: standing(until: 4.5, building: "A"), fixes: fixes)
    // EvAAL values: 51, five 1s, four 16s → sorted [1×5, 16×4, 51]; p75 at 6.75 → 16.
    #expect(s.evaal == 16)
    // ILC ignores buildings: (6·1 + 4·16) / 10 = 7.
    #expect(abs(s.ilc - 7) < 1e-12)
    #expect(s.floorRate == 0.6 && s.buildingRate == 0.9)
    // Hazen: position 10·0.75 − 0.5 = 7 → 16 as well; at p50 the two conventions agree.
    var hazen = Scorer()
    hazen.percentiles = .hazen
    #expect(try hazen.score(truth: standing(until: 4.5, building: "A"), fixes: fixes).evaal == 16)
  }

  @Test func eachInstantUsesTheLatestFixAtOrBeforeIt() throws {
    let fixes = [fix(0, 0), fix(0.75, 10)]
    let instants = Scorer().instants(truth: standing(until: 1.5), fixes: fixes)
    #expect(instants.map(\.t) == [0, 0.5, 1, 1.5])
    #expect(instants.map(\.error) == [0, 0, 10, 10])
  }

  @Test func missingFixesCountAgainstAvailability() throws {
    // Fixes stop at 2 s; the truth runs to 10 s: fresh (≤ 2 s old) until 4 s.
    let fixes = stride(from: 0.0, through: 2, by: 0.5).map { fix($0, 1) }
    let s = try Scorer().score(truth: standing(until: 10), fixes: fixes)
    #expect(s.instants == 21)
    #expect(abs(s.availability - 9.0 / 21) < 1e-12)
  }

  @Test func timeToFirstFixAndRecoveryAfterAKidnap() throws {
    // The truth stands at the origin, is carried 30 m east at 20 s and stands there to 40 s.
    let truth =
      standing(until: 19.9) + standing(Point(x: 30, y: 0), until: 40).filter { $0.t >= 20 }
    // 5 m off until 3 s, then right; after the kidnap right again from 26 s.
    let fixes = stride(from: 0.0, through: 40, by: 0.5).map { t in
      t < 3 ? fix(t, 5) : t < 26 ? fix(t, 0) : fix(t, 30)
    }
    let s = try Scorer().score(truth: truth, fixes: fixes)
    #expect(s.timeToFirstFix == 3)
    #expect(s.recoveries == [6])
  }

  @Test func flickerJumpsAndCalibration() throws {
    // The truth changes unit once (A → B at 5 s); the estimate changes three times.
    let truth = standing(until: 4.9) + standing(until: 10, unit: "B").filter { $0.t >= 5 }
    let units = ["A", "B", "A", "B"]
    var fixes: [Fix] = []
    for k in 0...20 {
      let t = Double(k) / 2
      // One 5 m jump in half a second at 7 s; the error is 1 m with a 2 m radius, or 3 m.
      let x = k == 14 ? 5.0 : (k % 2 == 0 ? 1 : 3)
      fixes.append(fix(t, x, unit: units[min(k / 3, 3)], accuracy: 2))
    }
    let s = try Scorer().score(truth: truth, fixes: fixes)
    #expect(s.unitFlicker == 3)
    // Steps: 20; faster than 3 m/s: 1→3, 3→1 (4 m/s) every step, and the jump: all 20.
    #expect(s.jumpRate == 1)
    // Within 2 m: the even instants except the jump (10 of 21).
    #expect(abs((s.calibration ?? 0) - 10.0 / 21) < 1e-12)
  }

  /// A venue stub: walkable for x < 10, a wall along x = 5, units A and B joined by a door.
  struct Stub: ScoringVenue {
    func isWalkable(ordinal: Int, _ point: Point) -> Bool { point.x < 10 }
    func crossesWall(ordinal: Int, from a: Point, to b: Point) -> Bool {
      (a.x - 5) * (b.x - 5) < 0
    }
    func areNeighbours(_ a: String, _ b: String) -> Bool { Set([a, b]) == ["A", "B"] }
  }

  @Test func venueMetrics() throws {
    // A 28 m track: 0 → 8 m east (crossing x = 5), back to 0, then out to 12 m (not walkable).
    let xs: [Double] = [0, 4, 8, 4, 0, 12]
    let fixes = xs.enumerated().map { k, x in fix(Double(k) * 2, x, unit: k == 2 ? "B" : "C") }
    let s = try Scorer().score(truth: standing(until: 10), fixes: fixes, venue: Stub())
    // Crossings: 4→8, 8→4 and 0→12, over 4+4+4+4+12 = 28 m of track.
    #expect(abs((s.wallCrossingsPer100m ?? 0) - 3 / 0.28) < 1e-9)
    #expect(abs((s.walkableShare ?? 0) - 5.0 / 6) < 1e-12)
    // Unit A is true throughout; the fix says C except at 4–5.5 s where it says B, a neighbour.
    #expect(s.unitRate == 0)
    #expect(abs((s.neighbourRate ?? 0) - 4.0 / 21) < 1e-12)
  }

  @Test func floorTransitionDelay() throws {
    let truth = standing(until: 4.9) + standing(until: 20, ordinal: 1).filter { $0.t >= 5 }
    let fixes = stride(from: 0.0, through: 20, by: 0.5).map { t in
      fix(t, 0, ordinal: t >= 6.5 ? 1 : 0)
    }
    let s = try Scorer().score(truth: truth, fixes: fixes)
    #expect(s.floorTransitionDelays == [1.5])
    #expect(abs(s.floorRate - 38.0 / 41) < 1e-12)  // wrong at 5, 5.5, 6
  }

  @Test func checkpointsAreScoredWithTheLatestFixBeforeThem() throws {
    var truth = standing(until: 10)
    truth[25].checkpoint = true  // t = 2.5: the fix of t = 2 (error 2)
    truth[80].checkpoint = true  // t = 8: its own fix (error 8), on the wrong floor
    let fixes = stride(from: 0.0, through: 10, by: 1).map { fix($0, $0, ordinal: $0 == 8 ? 1 : 0) }
    let s = try Scorer().score(truth: truth, fixes: fixes)
    #expect(s.checkpoints == 2)
    #expect(s.checkpointMeanError == 5)
    // EvAAL values 2 and 23: p75 (linear) = 2 + 0.75 · 21.
    #expect(s.checkpointEvaal == 2 + 0.75 * 21)
    #expect(try Scorer().score(truth: standing(until: 10), fixes: fixes).checkpoints == 0)
  }

  @Test func fixesOutsideTheTruthsTimeAreRefused() {
    func kind(_ body: () throws -> Score) -> FingerpostError.Kind? {
      do {
        _ = try body()
        return nil
      } catch {
        return (error as? FingerpostError)?.kind
      }
    }
    #expect(
      kind { try Scorer().score(truth: standing(until: 5), fixes: [fix(100, 0)]) } == .mismatch)
    #expect(kind { try Scorer().score(truth: standing(until: 5), fixes: []) } == .noData)
    #expect(kind { try Scorer().score(truth: [], fixes: [fix(0, 0)]) } == .noData)
  }
}
