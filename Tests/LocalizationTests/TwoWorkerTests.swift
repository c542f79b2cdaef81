import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Randomness
import Testing

@testable import Localization

/// From 1,000 particles the filter moves and weighs its cloud on two workers, each with its own
/// generator seeded from the filter's: the result must not depend on scheduling, and must be the
/// same filter in distribution as the single-worker path.
@Suite struct TwoWorkerTests {
  let plans = OfficeRadio.plans

  /// A straight walk of 16 steps of 0.7 m on the ground floor that stays in walkable space and
  /// crosses no wall: from the first walkable unit's anchor (in unit order) along the first of
  /// north, east, south, west that allows it.
  let route: (plan: Int, start: Point, heading: Double) = {
    let plans = OfficeRadio.plans
    let p = plans.floors(atOrdinal: 0)[0].index
    let floor = plans.plans[p]
    for unit in floor.units where unit.kind.isWalkable {
      for heading in [0.0, 90, 180, 270] {
        let h = heading * .pi / 180
        let points = (0...16).map {
          unit.anchorPoint + Point(x: sin(h), y: cos(h)) * (0.7 * Double($0))
        }
        if points.allSatisfy(floor.isWalkable),
          !floor.crossesWall(Segment(points[0], points[16]))
        {
          return (p, unit.anchorPoint, heading)
        }
      }
    }
    fatalError("no straight 11 m walk on the sample office's ground floor")
  }()

  func point(step k: Int) -> Point {
    let h = route.heading * .pi / 180
    return route.start + Point(x: sin(h), y: cos(h)) * (0.7 * Double(k))
  }

  /// The walk, scanned every fourth step: the fixes and the final error (m).
  func walk(seed: UInt64, twoWorkers: Bool) throws -> (fixes: [Fix], error: Double) {
    var settings = ParticleFilterSettings()
    settings.particles = 1200
    settings.parallelThreshold = twoWorkers ? 1000 : .max
    let pf = ParticleFilter(
      plans: plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: seed),
      start: Route.Waypoint(floor: FloorID(route.plan), point: route.start))
    var fixes: [Fix] = []
    var truth = route.start
    for k in 1...16 {
      truth = point(step: k)
      pf.step(Step(t: Double(k) * 0.5, length: 0.7, heading: route.heading))
      if k % 4 == 0 {
        pf.scan(OfficeRadio.scan(at: truth, plan: route.plan, time: Double(k) * 0.5))
      }
      if let fix = pf.fix(at: Double(k) * 0.5) { fixes.append(fix) }
    }
    return (fixes, fixes.last.map { $0.position.distance(to: truth) } ?? .infinity)
  }

  @Test func twoWorkersGiveTheSameFixesOnEveryRun() throws {
    let first = try walk(seed: 11, twoWorkers: true).fixes
    for _ in 0..<3 { #expect(try walk(seed: 11, twoWorkers: true).fixes == first) }
    #expect(first.count == 16)
  }

  @Test func twoWorkersAndOneAgreeInDistribution() throws {
    let seeds: [UInt64] = Array(1...6)
    let two = try seeds.map { try walk(seed: $0, twoWorkers: true).error }
    let one = try seeds.map { try walk(seed: $0, twoWorkers: false).error }
    #expect(two != one, "the two paths draw different random streams")
    func meanAndStandardError(_ v: [Double]) -> (Double, Double) {
      let mean = v.reduce(0, +) / Double(v.count)
      let variance = v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(v.count - 1)
      return (mean, (variance / Double(v.count)).squareRoot())
    }
    let (m2, s2) = meanAndStandardError(two)
    let (m1, s1) = meanAndStandardError(one)
    // Welch's difference of means within three standard errors (plus 0.2 m for tiny spreads).
    #expect(abs(m2 - m1) <= 3 * (s1 * s1 + s2 * s2).squareRoot() + 0.2, "\(two) vs \(one)")
    #expect(m1 < 2 && m2 < 2, "both paths track the walk: \(one), \(two)")
  }
}
