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
  func filterInStairs(floorChange: Double) throws -> ParticleFilter {
    let stairs = OfficeRadio.unit("Stairs B", ordinal: 0)
    var settings = ParticleFilterSettings()
    settings.particles = 300
    settings.startSpread = 0.1
    settings.connectorFloorChange = floorChange
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

  /// Two steps on the spot (a flight climbed in place), ending at `t` seconds.
  func climb(_ pf: ParticleFilter, at t: Double = 0.9) {
    pf.step(Step(t: t - 0.5, length: 0, heading: 0))
    pf.step(Step(t: t, length: 0, heading: 0))
  }

  @Test func aScanAfterNoStepLeavesTheFloorToTheStepCount() throws {
    let above = OfficeRadio.unit("Stairs B", ordinal: 1)
    let pf = try filterInStairs(floorChange: 0.2)
    pf.scan(OfficeRadio.scan(at: above.anchor, plan: above.plan, time: 1))
    #expect(share(pf, ordinal: 1) < 0.5, "\(share(pf, ordinal: 1))")
  }

  @Test func aScanFromTheNextFloorTakesTheCloudThereBeforeItsStepCountDoes() throws {
    let above = OfficeRadio.unit("Stairs B", ordinal: 1)
    let pf = try filterInStairs(floorChange: 0.2)
    climb(pf)
    pf.scan(OfficeRadio.scan(at: above.anchor, plan: above.plan, time: 1))
    #expect(share(pf, ordinal: 1) > 0.9, "\(share(pf, ordinal: 1))")
    #expect(try #require(pf.fix(at: 1)).levelID == plans.plans[above.plan].levelID)
    // Without the mixture no particle has walked far enough to change floor.
    let stepCountOnly = try filterInStairs(floorChange: 0)
    climb(stepCountOnly)
    stepCountOnly.scan(OfficeRadio.scan(at: above.anchor, plan: above.plan, time: 1))
    #expect(share(stepCountOnly, ordinal: 1) < 0.5, "\(share(stepCountOnly, ordinal: 1))")
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
