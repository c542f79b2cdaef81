import FingerpostCore
import Foundation
import Randomness
import Testing

@testable import Scoring

@Suite struct ScoreboardTests {
  /// A walk of `count` instants at 2 Hz with error `error(k)` on the right floor and unit.
  func walk(_ count: Int, error: (Int) -> Double) -> [Instant] {
    (0..<count).map { k in
      Instant(
        t: Double(k) / 2, error: error(k), floorError: 0, buildingWrong: false, unitHit: true,
        neighbourHit: nil, fresh: true, withinAccuracy: nil)
    }
  }

  func board(_ walks: [[Instant]]) throws -> Scoreboard {
    let generator = try RandomGenerator(seed: 9)
    let row = Scoreboard.row(
      scenario: "S", localizer: "pf", walks: walks, bootstrap: Bootstrap(),
      draw: { (try? generator.uniformInt(below: $0)) ?? 0 })
    return Scoreboard(seeds: walks.count, resamples: 1000, rows: [row])
  }

  @Test func intervalsBracketTheValueAndAreReproducible() throws {
    let walks = [walk(240) { Double($0 % 7) * 0.5 }, walk(240) { Double($0 % 5) * 0.4 }]
    let a = try board(walks)
    #expect(a == (try board(walks)))  // same seed, same intervals
    let p75 = try #require(a.rows[0].metrics["p75"])
    #expect(p75.low <= p75.value && p75.value <= p75.high && p75.low < p75.high)
    #expect(a.rows[0].metrics["floor"]?.value == 1 && a.rows[0].instants == 480)
    // Blocks: 30 s of 2 Hz instants each, cut per walk: 120 s walks give four blocks each.
    #expect(Bootstrap().blocks(walks).map(\.count) == Array(repeating: 60, count: 8))
  }

  @Test func aWorseRunFailsAgainstTheBaselineAndAnEqualOnePasses() throws {
    let baseline = try board([walk(240) { Double($0 % 4) }])
    #expect(baseline.regressions(against: baseline, tolerance: 0.05).isEmpty)
    // 4 % worse passes; 10 % worse fails, naming the metric.
    let slightly = try board([walk(240) { Double($0 % 4) * 1.04 }])
    #expect(slightly.regressions(against: baseline, tolerance: 0.05).isEmpty)
    let worse = try board([walk(240) { Double($0 % 4) * 1.1 }])
    let messages = worse.regressions(against: baseline, tolerance: 0.05)
    #expect(
      messages.contains { $0.contains("S / pf: p75") && $0.contains("worse than the baseline") })
    #expect(messages.contains { $0.contains("evaal") } && messages.contains { $0.contains("ilc") })
    // A floor hit rate that drops fails too; a missing row is named.
    var fewerFloors = baseline
    fewerFloors.rows[0].metrics["floor"]?.value = 0.9
    #expect(
      fewerFloors.regressions(against: baseline, tolerance: 0.05).contains { $0.contains("floor") })
    let empty = Scoreboard(seeds: 1, resamples: 1000, rows: [])
    #expect(
      empty.regressions(against: baseline, tolerance: 0.05) == ["S / pf: missing from this run"])
  }

  @Test func aBaselineOfAnotherFormatOrVersionIsRefused() throws {
    let board = try board([walk(60) { _ in 1 }])
    let data = Data(try board.json().utf8)
    #expect(try Scoreboard.read(data, file: "b.json") == board)
    let older = try #require(
      String(data: data, encoding: .utf8)?.replacingOccurrences(
        of: "\"version\" : 1", with: "\"version\" : 0"))
    #expect {
      try Scoreboard.read(Data(older.utf8), file: "b.json")
    } throws: {
      ($0 as? FingerpostError)?.kind == .unsupportedVersion
        && "\($0)".contains("b.json: a scoreboard of format fingerpost-scoreboard version 0")
    }
    #expect {
      try Scoreboard.read(Data(#"{"rows": []}"#.utf8), file: "b.json")
    } throws: { ($0 as? FingerpostError)?.kind == .unsupportedVersion }
  }
}
