import FingerpostCore
import FloorPlans
import Geometry
import Randomness
import Testing

@testable import Localization

/// The trap watchdog: a cloud held against walls step after step (left in a staircase or a
/// room while the walker walks on) takes particles from the next scan's proposal.
@Suite struct TrapWatchdogTests {
  func filter(watchdog: Bool) throws -> (ParticleFilter, start: Point) {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    var settings = ParticleFilterSettings()
    settings.particles = 300
    if !watchdog { settings.trappedSteps = .max }
    let pf = ParticleFilter(
      plans: OfficeRadio.plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: 11),
      start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
    return (pf, room.anchor)
  }

  /// Particles within 4 m of `point` after the walker, thought to be in Room 0.01, walked
  /// into its outer wall for `steps` steps and then scanned at the kitchen.
  func near(watchdog: Bool, steps: Int) throws -> (count: Int, trapped: Int) {
    let (pf, _) = try filter(watchdog: watchdog)
    for k in 1...steps { pf.step(Step(t: Double(k) * 0.5, length: 1, heading: 180)) }
    let trapped = pf.trappedSteps
    let kitchen = OfficeRadio.unit("Kitchen", ordinal: 0)
    pf.scan(OfficeRadio.scan(at: kitchen.anchor, plan: kitchen.plan, time: Double(steps) * 0.5))
    let count = pf.particles.x.indices.count {
      Int(pf.particles.plan[$0]) == kitchen.plan
        && Point(x: pf.particles.x[$0], y: pf.particles.y[$0]).distance(to: kitchen.anchor) < 4
    }
    return (count, trapped)
  }

  @Test func aCloudHeldAgainstWallsTakesParticlesFromTheScan() throws {
    // Six steps to the room's south wall from its middle, then fourteen against it.
    let trapped = try near(watchdog: true, steps: 20)
    #expect(trapped.trapped >= 5)
    #expect(trapped.count >= 10)
    // The same walk without the watchdog leaves the whole cloud in the room.
    #expect(try near(watchdog: false, steps: 20).count == 0)
    // A few steps against the wall (a doorway taken at an angle) are not a trap.
    let brief = try near(watchdog: true, steps: 9)
    #expect((1..<5).contains(brief.trapped) && brief.count == 0)
  }

  @Test func walkingFreelyIsNotATrap() throws {
    let (pf, start) = try filter(watchdog: true)
    // Back and forth inside the 10 m × 12 m room, clear of its walls.
    for k in 1...12 {
      pf.step(Step(t: Double(k) * 0.5, length: 0.5, heading: k % 6 < 3 ? 0 : 180))
    }
    #expect(pf.trappedSteps == 0)
    #expect(pf.fix(at: 6)?.position.distance(to: start) ?? 99 < 3)
  }
}
