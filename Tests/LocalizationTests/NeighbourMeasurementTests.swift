import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Randomness
import Testing

@testable import Localization

/// The particle filter weighing scans by their nearest survey points, and weighing each particle
/// where its pace carries it by the scan's lag (`scanLag`), on the sample office with its synthetic radio map (few particles).
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

  /// Steps east at 3 m/s, then half the cloud at the anchor and half 6 m east of it, all with
  /// the steps' own scale and heading; a scan heard 6 m east of the anchor. The share of weight
  /// of the half at the anchor, with `lag`.
  func weightAtTheAnchor(lag: Double) throws -> Double {
    let a = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(a.plan), point: a.anchor)) {
      $0.scanLag = lag
      $0.neighbours.kernel = 1.5  // survey points 3 m apart: a sharp field
      $0.resampleThreshold = 0  // the weights are read as the scan leaves them
    }
    for k in 1...4 { pf.step(Step(t: 0.5 * Double(k), length: 1.5, heading: 90)) }
    let n = pf.particles.count
    for i in 0..<n {
      pf.particles.x[i] = a.anchor.x + (i < n / 2 ? 0 : 6)
      pf.particles.y[i] = a.anchor.y
      pf.particles.scale[i] = 1
      pf.particles.headingBias[i] = 0
      pf.particles.logWeight[i] = 0
    }
    pf.scan(OfficeRadio.scan(at: a.anchor + Point(x: 6, y: 0), plan: a.plan, time: 2))
    return pf.normalizedWeights()[0..<n / 2].reduce(0, +)
  }

  @Test func aLaggedScanWeighsEachParticleWhereItsPaceCarriesIt() throws {
    // Without a lag the scan is of where the particles are: the half 6 m east wins.
    #expect(try weightAtTheAnchor(lag: 0) < 0.1)
    // With 2 s the pace (3 m/s over the last 1.5 s) carries the anchor's half to the scan's spot.
    #expect(try weightAtTheAnchor(lag: 2) > 0.9)
  }

  @Test func aLaggedFirstScanStartsTheCloudAndTheStepsUntilItsLagDoNotMoveIt() throws {
    let room = OfficeRadio.unit("Kitchen", ordinal: 2)
    let pf = try filter { $0.scanLag = 2 }
    #expect(pf.fix(at: 1) == nil)
    pf.scan(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 1))
    let start = try #require(pf.fix(at: 1)).position
    // Drawn where the walker is 2 s after the scan: the steps until then are already in it.
    pf.step(Step(t: 2.5, length: 0.7, heading: 90))
    #expect(try #require(pf.fix(at: 2.5)).position == start)
    pf.step(Step(t: 3.5, length: 0.7, heading: 90))
    #expect(try #require(pf.fix(at: 3.5)).position != start)
  }
}
