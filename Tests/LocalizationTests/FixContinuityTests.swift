import FingerpostCore
import FloorPlans
import Geometry
import Randomness
import Testing

@testable import Localization

/// The reported track avoids walls, but must keep following the cloud: a fix left behind a wall
/// (on a door, or beside a stray particle) moves on to where the particles are.
@Suite struct FixContinuityTests {
  @Test func aFixFollowsTheCloudBeyondAWallInsteadOfStayingWithAStrayParticle() throws {
    let plans = OfficeRadio.plans
    let here = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let there = OfficeRadio.unit("Room 0.02", ordinal: 0)
    let floor = plans.plans[here.plan]
    #expect(floor.crossesWall(Segment(here.anchor, there.anchor)))
    var settings = ParticleFilterSettings()
    settings.particles = 200
    let pf = ParticleFilter(
      plans: plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: 3),
      start: Route.Waypoint(floor: FloorID(here.plan), point: here.anchor))
    let first = try #require(pf.fix(at: 1))
    #expect(first.position.distance(to: here.anchor) < 2)
    // The cloud has moved to the next room, one particle of equal weight left behind.
    for i in 0..<pf.particles.count {
      let stray = i == 0
      pf.particles.x[i] = stray ? here.anchor.x : there.anchor.x + Double(i % 7) * 0.1
      pf.particles.y[i] = stray ? here.anchor.y : there.anchor.y + Double(i % 5) * 0.1
      pf.particles.logWeight[i] = 0
    }
    var fix = first
    for t in 2...6 { fix = try #require(pf.fix(at: Double(t))) }
    #expect(
      fix.position.distance(to: there.anchor) < 2,
      "the fix stayed at \(fix.position), the cloud is at \(there.anchor)")
  }
}
