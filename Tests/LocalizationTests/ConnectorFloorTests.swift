import FingerpostCore
import FloorPlans
import Randomness
import Testing

@testable import Localization

/// At a scan, particles in a connector are weighed on the floors it leads to and take the floor
/// the scan fits (the step count alone only guesses when a floor is reached).
@Suite struct ConnectorFloorTests {
  let plans = OfficeRadio.plans

  /// A filter of 300 particles standing on the ground floor of Stairs B.
  func filterInStairs(floorChange: Double, clockWindow: Double = 0.4) throws -> ParticleFilter {
    let stairs = OfficeRadio.unit("Stairs B", ordinal: 0)
    var settings = ParticleFilterSettings()
    settings.particles = 300
    settings.startSpread = 0.1
    settings.connectorFloorChange = floorChange
    settings.connectorClockWindow = clockWindow
    return ParticleFilter(
      plans: plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: 11),
      start: Route.Waypoint(floor: FloorID(stairs.plan), point: stairs.anchor))
  }

  /// The share of the cloud's weight on plans of `ordinal`.
  func share(_ pf: ParticleFilter, ordinal: Int) -> Double {
    let weights = pf.normalizedWeights()
    return weights.indices.filter { plans.plans[Int(pf.particles.plan[$0])].ordinal == ordinal }
      .reduce(0) { $0 + weights[$1] }
  }

  /// `steps` steps on the spot, half a second apart (a flight climbed in place), ending at `t`
  /// seconds.
  func climb(_ pf: ParticleFilter, steps: Int = 2, at t: Double = 0.9) {
    for k in stride(from: steps - 1, through: 0, by: -1) {
      pf.step(Step(t: t - 0.5 * Double(k), length: 0, heading: 0))
    }
  }

  @Test func aScanAfterNoStepLeavesTheFloorToTheStepCount() throws {
    let above = OfficeRadio.unit("Stairs B", ordinal: 1)
    let pf = try filterInStairs(floorChange: 0.2)
    pf.scan(OfficeRadio.scan(at: above.anchor, plan: above.plan, time: 1))
    #expect(share(pf, ordinal: 1) < 0.5, "\(share(pf, ordinal: 1))")
  }

  @Test func aScanFromTheNextFloorTakesTheCloudThereBeforeItsStepCountDoes() throws {
    // Eight steps into the stairs every particle's next floor is due within the clock window
    // (its count started at 7.5–17.5 steps), and few have reached it.
    let above = OfficeRadio.unit("Stairs B", ordinal: 1)
    let pf = try filterInStairs(floorChange: 0.2)
    climb(pf, steps: 8, at: 4)
    pf.scan(OfficeRadio.scan(at: above.anchor, plan: above.plan, time: 4))
    #expect(share(pf, ordinal: 1) > 0.9, "\(share(pf, ordinal: 1))")
    #expect(try #require(pf.fix(at: 4)).levelID == plans.plans[above.plan].levelID)
    // The step count alone has moved few particles up (the scan then weighs those few).
    let stepCountOnly = try filterInStairs(floorChange: 0)
    climb(stepCountOnly, steps: 8, at: 4)
    #expect(share(stepCountOnly, ordinal: 1) < 0.2, "\(share(stepCountOnly, ordinal: 1))")
  }

  @Test func aScanFarFromTheStepCountsDueChangeLeavesTheFloorAlone() throws {
    // With a window of a tenth of a flight, two steps in no particle is near its next floor.
    let above = OfficeRadio.unit("Stairs B", ordinal: 1)
    let pf = try filterInStairs(floorChange: 0.2, clockWindow: 0.1)
    climb(pf)
    pf.scan(OfficeRadio.scan(at: above.anchor, plan: above.plan, time: 1))
    #expect(share(pf, ordinal: 1) < 0.5, "\(share(pf, ordinal: 1))")
  }

  @Test func aScanFromTheFloorJustLeftTakesBackParticlesTheStepCountMovedOnTooEarly() throws {
    // After 18 steps every particle's count has moved it up; the phone is still below.
    let here = OfficeRadio.unit("Stairs B", ordinal: 0)
    let early = try filterInStairs(floorChange: 0)
    climb(early, steps: 18, at: 9)
    #expect(share(early, ordinal: 1) > 0.9, "\(share(early, ordinal: 1))")
    let pf = try filterInStairs(floorChange: 0.2)
    climb(pf, steps: 18, at: 9)
    pf.scan(OfficeRadio.scan(at: here.anchor, plan: here.plan, time: 9))
    #expect(share(pf, ordinal: 0) > 0.9, "\(share(pf, ordinal: 0))")
  }

  @Test func aScanFromTheSameFloorKeepsTheCloudThere() throws {
    let here = OfficeRadio.unit("Stairs B", ordinal: 0)
    let pf = try filterInStairs(floorChange: 0.2)
    for k in 1...3 {
      climb(pf, at: Double(k) - 0.5)
      pf.scan(OfficeRadio.scan(at: here.anchor, plan: here.plan, time: Double(k)))
    }
    #expect(share(pf, ordinal: 0) > 0.9, "\(share(pf, ordinal: 0))")
  }

  @Test func particlesOutsideConnectorsKeepTheirFloor() throws {
    let room = OfficeRadio.unit("Room 0.24", ordinal: 0)
    let above = OfficeRadio.unit("Stairs B", ordinal: 1)
    var settings = ParticleFilterSettings()
    settings.particles = 300
    settings.floorCheckInterval = .infinity  // no watchdog: only the mixture could move them
    settings.recoveryFast = 0  // and no recovery draws
    settings.connectorFloorChange = 0.2
    let pf = ParticleFilter(
      plans: plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: 11),
      start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
    pf.step(Step(t: 0.5, length: 0, heading: 0))
    pf.scan(OfficeRadio.scan(at: above.anchor, plan: above.plan, time: 1))
    #expect(pf.particles.plan.allSatisfy { Int($0) == room.plan })
  }
}
