import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Randomness
import Testing

@testable import Localization

/// The device offset shared by the cloud, and the kernel that spreads resampled copies.
@Suite struct DeviceOffsetTests {
  let plans = OfficeRadio.plans
  let map = OfficeRadio.map

  func filter(in room: (plan: Int, unit: Int, anchor: Point)) throws -> ParticleFilter {
    var settings = ParticleFilterSettings()
    settings.particles = 300
    return ParticleFilter(
      plans: plans, map: map, settings: settings, generator: try RandomGenerator(seed: 11),
      start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
  }

  @Test func aPhoneEightDecibelsStrongerIsLearnedFromItsScans() throws {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let pf = try filter(in: room)
    #expect(pf.offsetEstimate.mean == 0 && pf.offsetEstimate.variance == 16)
    for k in 1...10 {
      pf.scan(
        OfficeRadio.scan(at: room.anchor, plan: room.plan, time: Double(2 * k), offset: 8))
    }
    let (mean, variance) = pf.offsetEstimate
    #expect(abs(mean - 8) < 1.5 && variance < 1, "mean \(mean) dB, variance \(variance) dB²")
    // The particles' offsets are drawn from it: one number for the whole cloud.
    let offsets = pf.particles.offset
    let centre = offsets.reduce(0, +) / Double(offsets.count)
    #expect(abs(centre - 8) < 2, "\(centre)")
    let fix = try #require(pf.fix(at: 20))
    #expect(fix.position.distance(to: room.anchor) < 3, "\(fix.position) vs \(room.anchor)")
  }

  @Test func evidenceTakenAtTheWrongPlaceIsWeak() throws {
    // The cloud in one corner of the floor, the scans heard in the opposite one: the readings'
    // differences from the map spread widely, so each is weak evidence.
    let here = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let there = OfficeRadio.unit("Room 2.52", ordinal: 2)
    let prepared = map.prepare(
      OfficeRadio.scan(at: there.anchor, plan: there.plan, time: 2, offset: 0))
    let level = try #require(map.levels.firstIndex { plans.floor(of: $0)?.index == here.plan })
    let wrong = try #require(map.offsetEvidence(prepared, level: level, at: here.anchor))
    let right = try #require(
      map.offsetEvidence(
        map.prepare(OfficeRadio.scan(at: here.anchor, plan: here.plan, time: 2)), level: level,
        at: here.anchor))
    #expect(wrong.standardError > 2 * right.standardError, "\(wrong) vs \(right)")
    #expect(abs(right.offset) < 1)
  }

  @Test func resampledCopiesAreSpreadByTheKernelAndNeverThroughAWall() throws {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let pf = try filter(in: room)
    let n = pf.particles.count
    // All the weight on ten particles: plain resampling would leave ten distinct positions.
    var weights = [Double](repeating: 0, count: n)
    for i in 0..<10 { weights[i * (n / 10)] = 0.1 }
    let prepared = map.prepare(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 2))
    pf.resample(weights: weights, injectShare: 0, prepared: prepared)
    let positions = Set(zip(pf.particles.x, pf.particles.y).map { "\($0),\($1)" })
    #expect(positions.count > n / 2, "\(positions.count) distinct of \(n)")
    // A kernel move that would cross a wall is not made: every copy is still in walkable space.
    let floor = plans.plans[room.plan]
    #expect(
      zip(pf.particles.x, pf.particles.y).allSatisfy { floor.isWalkable(Point(x: $0, y: $1)) })
  }
}
