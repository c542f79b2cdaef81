import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Randomness
import Testing

@testable import Localization

/// The particle filter weighing scans by their nearest survey points, and weighing them late
/// (`scanLag`), on the sample office with its synthetic radio map (few particles).
@Suite struct NeighbourMeasurementTests {
  let plans = OfficeRadio.plans
  let map = OfficeRadio.map

  func filter(
    start: Route.Waypoint? = nil, configure: (inout ParticleFilterSettings) -> Void = { _ in }
  ) throws -> ParticleFilter {
    var settings = ParticleFilterSettings()
    settings.particles = 300
    settings.measurement = .neighbours
    configure(&settings)
    return ParticleFilter(
      plans: plans, map: map, settings: settings, generator: try RandomGenerator(seed: 11),
      start: start)
  }

  @Test func aGlobalStartFindsTheFloorAndPlaceFromTheNearestPoints() throws {
    let room = OfficeRadio.unit("Kitchen", ordinal: 2)
    let pf = try filter()
    for k in 1...3 {
      pf.scan(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: Double(k)))
    }
    let fix = try #require(pf.fix(at: 3))
    #expect(fix.levelID == plans.plans[room.plan].levelID)
    #expect(fix.position.distance(to: room.anchor) < 4, "\(fix.position) vs \(room.anchor)")
    // Drawn on walkable space of the scan's floor, near the survey points it resembles.
    let floor = plans.plans[room.plan]
    let onFloor = pf.particles.plan.indices.filter { Int(pf.particles.plan[$0]) == room.plan }
    #expect(onFloor.count > 270)
    #expect(
      onFloor.allSatisfy {
        floor.isWalkable(Point(x: pf.particles.x[$0], y: pf.particles.y[$0]))
          || pf.particles.logWeight[$0] == -.infinity
      })
  }

  @Test func particlesFarFromTheScansPointsLoseTheirWeight() throws {
    let a = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(a.plan), point: a.anchor)) {
      $0.resampleThreshold = 0  // the weights are read as the scan leaves them
    }
    // Move half the cloud 15 m away: the scan at the start must weigh those far less.
    let n = pf.particles.count
    for i in 0..<n / 2 { pf.particles.x[i] += 15 }
    pf.scan(OfficeRadio.scan(at: a.anchor, plan: a.plan, time: 1))
    let w = pf.normalizedWeights()
    let moved = w[0..<n / 2].reduce(0, +)
    #expect(moved < 0.05, "\(moved)")
  }

  @Test func aLaggedScanIsWeighedWhenItsTimeAndTheLagHaveCome() throws {
    let a = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(a.plan), point: a.anchor)) {
      $0.scanLag = 1.5
      $0.resampleThreshold = 0
    }
    let before = pf.particles.logWeight
    pf.scan(OfficeRadio.scan(at: a.anchor + Point(x: 3, y: 0), plan: a.plan, time: 2))
    #expect(pf.particles.logWeight == before)  // waiting
    pf.advance(to: 3.4)
    #expect(pf.particles.logWeight == before)  // 2 + 1.5 has not come
    #expect(pf.pending.count == 1)
    pf.step(Step(t: 3.5, length: 0.7, heading: 90))
    #expect(pf.pending.isEmpty)
    #expect(pf.particles.logWeight != before)  // weighed before the step moved the cloud
  }

  @Test func theFirstScanStartsTheCloudAtOnceEvenWithALag() throws {
    let room = OfficeRadio.unit("Kitchen", ordinal: 2)
    let pf = try filter { $0.scanLag = 2 }
    // Until a first scan there is nothing to weigh with: it is not kept waiting.
    #expect(pf.fix(at: 1) == nil)
    pf.scan(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 1))
    #expect(pf.fix(at: 1) != nil && pf.pending.isEmpty)
  }
}
