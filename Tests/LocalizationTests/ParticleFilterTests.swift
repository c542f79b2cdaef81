import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Randomness
import Testing

@testable import Localization

/// The particle filter on the sample office with a synthetic radio map (few particles: debug
/// builds are slow).
@Suite struct ParticleFilterTests {
  let plans = OfficeRadio.plans
  let map = OfficeRadio.map

  func filter(
    particles: Int = 300, start: Route.Waypoint?, seed: UInt64 = 7,
    configure: (inout ParticleFilterSettings) -> Void = { _ in }
  ) throws -> ParticleFilter {
    var settings = ParticleFilterSettings()
    settings.particles = particles
    configure(&settings)
    return ParticleFilter(
      plans: plans, map: map, settings: settings, generator: try RandomGenerator(seed: seed),
      start: start)
  }

  @Test func globalStartFindsTheFloorAndPlaceOfTheFirstScans() throws {
    let room = OfficeRadio.unit("Kitchen", ordinal: 2)
    let pf = try filter(start: nil)
    #expect(pf.fix(at: 0) == nil)  // nothing before the first scan
    for k in 1...3 {
      pf.scan(
        OfficeRadio.scan(at: room.anchor, plan: room.plan, time: Double(k)))
    }
    let fix = try #require(pf.fix(at: 3))
    #expect(fix.levelID == plans.plans[room.plan].levelID)
    #expect(fix.position.distance(to: room.anchor) < 4, "\(fix.position) vs \(room.anchor)")
  }

  @Test func unusableInputLeavesTheFilterAsItWas() throws {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
    let before = try #require(pf.fix(at: 1))
    let (xs, ys) = (pf.particles.x, pf.particles.y)
    pf.step(Step(t: 1, length: .nan, heading: 0))
    pf.step(Step(t: 1, length: 0.7, heading: .infinity))
    pf.scan(Scan(time: 1, device: "test", readings: []))
    pf.scan(
      Scan(time: 1, device: "test", readings: [Reading(bssid: "ff:ff", rssi: -50)]))
    #expect(pf.particles.x == xs && pf.particles.y == ys)
    let after = try #require(pf.fix(at: 1))
    #expect(after.position == before.position && after.levelID == before.levelID)
  }

  @Test func exactRepeatsOfThePreviousScanAreIgnoredAsStale() throws {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
    let scan = OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 2)
    pf.scan(scan)
    let weights = pf.particles.logWeight
    let offsets = pf.particles.offset
    var again = scan
    again.time = 4
    pf.scan(again)  // every reading repeats: nothing new to weigh
    #expect(pf.particles.logWeight == weights && pf.particles.offset == offsets)
    var fresh = again
    fresh.readings[0].rssi += 1
    pf.scan(fresh)  // one fresh reading is used
    #expect(pf.particles.offset != offsets)
  }

  @Test func particlesNeverWalkThroughWalls() throws {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
    let floor = plans.plans[room.plan]
    let starts = zip(pf.particles.x, pf.particles.y).map { Point(x: $0, y: $1) }
    // Twenty 1 m steps south, into the outer wall.
    for k in 1...20 { pf.step(Step(t: Double(k) * 0.5, length: 1, heading: 180)) }
    for (i, start) in starts.enumerated() {
      let end = Point(x: pf.particles.x[i], y: pf.particles.y[i])
      #expect(floor.unitIndex(at: end) == room.unit, "particle \(i) left the room at \(end)")
      #expect(end.y >= start.y - 20)
    }
  }

  @Test func stairsTakeWalkersUpAfterAboutHalfAFlight() throws {
    let stairs = OfficeRadio.unit("Stairs B", ordinal: 0)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(stairs.plan), point: stairs.anchor)) {
      $0.startSpread = 0.1
    }
    let ground = Int32(stairs.plan)
    func step(_ k: Int) { pf.step(Step(t: Double(k) / 1.8, length: 0.05, heading: 0)) }
    for k in 1...5 { step(k) }
    // Five steps: nobody has climbed half a flight (at least 30 % of 25 steps).
    #expect(pf.particles.plan.allSatisfy { $0 == ground })
    for k in 6...20 { step(k) }
    // Twenty steps: everyone has (at most 70 % of 25), and nobody has reached the second floor.
    let ordinals = pf.particles.plan.map { plans.plans[Int($0)].ordinal }
    #expect(
      ordinals.allSatisfy { $0 == 1 }, "\(Dictionary(grouping: ordinals) { $0 }.mapValues(\.count))"
    )
    #expect(try #require(pf.fix(at: 12)).levelID != plans.plans[stairs.plan].levelID)
  }

  @Test func floorsChangeOnlyInConnectors() throws {
    let room = OfficeRadio.unit("Room 0.24", ordinal: 0)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
    for k in 1...60 {
      pf.step(Step(t: Double(k) * 0.5, length: 0.1, heading: Double(k * 37 % 360)))
    }
    pf.advance(to: 120)  // a long stand: elevators would ride, rooms do not
    #expect(pf.particles.plan.allSatisfy { Int($0) == room.plan })
  }

  @Test func standingInAnElevatorRidesToAnotherFloor() throws {
    let car = OfficeRadio.unit("Elevator", ordinal: 1)
    let pf = try filter(start: Route.Waypoint(floor: FloorID(car.plan), point: car.anchor)) {
      $0.startSpread = 0.1
    }
    for k in 1...30 { pf.advance(to: Double(k)) }
    let ordinals = Set(pf.particles.plan.map { plans.plans[Int($0)].ordinal })
    #expect(ordinals.isSuperset(of: [0, 1, 2]), "\(ordinals)")
  }

  @Test func kldSamplingShrinksAConvergedCloudWithinItsBounds() throws {
    let room = OfficeRadio.unit("Room 0.24", ordinal: 0)
    let pf = try filter(
      particles: 1500, start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor)
    ) {
      $0.minimumParticles = 100
      $0.resampleThreshold = 1  // resample after every scan
    }
    for k in 1...6 {
      pf.scan(
        OfficeRadio.scan(
          at: room.anchor, plan: room.plan, time: Double(2 * k), offset: Double(k % 2)))
    }
    #expect(pf.count >= 100 && pf.count < 1000, "\(pf.count)")
    let global = try filter(particles: 1500, start: nil) {
      $0.minimumParticles = 100
      $0.resampleThreshold = 1
    }
    global.scan(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 2))
    #expect(global.count == 1500)
    let uniform = global.resampledCount(weights: Array(repeating: 1.0 / 1500, count: 1500))
    #expect(uniform > pf.count, "a spread cloud needs more particles than a converged one")
  }

  @Test func sameSeedSameFixes() throws {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    func run() throws -> [Fix] {
      let pf = try filter(start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
      var fixes: [Fix] = []
      for k in 1...10 {
        pf.step(Step(t: Double(k) * 0.5, length: 0.7, heading: 0))
        if k % 4 == 0 {
          let p = Point(x: room.anchor.x, y: room.anchor.y + 0.7 * Double(k))
          pf.scan(OfficeRadio.scan(at: p, plan: room.plan, time: Double(k) * 0.5))
        }
        if let fix = pf.fix(at: Double(k) * 0.5) { fixes.append(fix) }
      }
      return fixes
    }
    #expect(try run() == run())
  }
}
