import FingerpostCore
import FloorPlans
import Geometry
import Randomness
import Testing

@testable import Localization

/// The barometer: a particle whose floor disagrees with the height the barometer climbed
/// weighs less; injected particles take their own floor as the one the walk started on.
@Suite struct BarometerTests {
  /// 300 particles in Room 0.01 on the ground floor, weighed once with the barometer at
  /// `start` hPa (their floor base set), half of them then put one floor up at the same place.
  func filter(start: Double?) throws -> (ParticleFilter, room: (plan: Int, anchor: Point)) {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    var settings = ParticleFilterSettings()
    settings.particles = 300
    let pf = ParticleFilter(
      plans: OfficeRadio.plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: 5),
      start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
    if let start { pf.pressure(Pressure(t: 0, hPa: start)) }
    pf.scan(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 1))
    let above = try #require(OfficeRadio.plans.floors(atOrdinal: 1).first).index
    for i in pf.particles.x.indices where i % 2 == 0 { pf.particles.plan[i] = Int32(above) }
    return (pf, (room.plan, room.anchor))
  }

  /// The mean log-weight of the particles one floor up less that of those left below, after a
  /// scan at `t` 2 s with the barometer at `now` hPa.
  func upMinusDown(start: Double?, now: Double?) throws -> Double {
    let (pf, room) = try filter(start: start)
    for i in pf.particles.logWeight.indices { pf.particles.logWeight[i] = 0 }
    if let now { pf.pressure(Pressure(t: 2, hPa: now)) }
    pf.weighByBarometer()
    var (up, down) = ([Double](), [Double]())
    for i in pf.particles.x.indices {
      let w = pf.particles.logWeight[i]
      if Int(pf.particles.plan[i]) == room.plan { down.append(w) } else { up.append(w) }
    }
    return up.reduce(0, +) / Double(up.count) - down.reduce(0, +) / Double(down.count)
  }

  @Test func aFloorChangeTheBarometerDidNotSeeWeighsLess() throws {
    // The pressure holds: the particles put upstairs drifted a floor (3.5 m) from their base:
    // each loses 3.5² / 2 of log-weight.
    let still = try upMinusDown(start: 1000, now: 1000)
    #expect(abs(still + 3.5 * 3.5 / 2) < 0.05, "\(still)")
  }

  @Test func aFloorChangeTheBarometerSawWeighsMore() throws {
    // 0.41 hPa less is 3.5 m up at 1000 hPa: now those left downstairs are a floor off.
    let up = Pressure.heightChange(from: 1000, to: 999.59)
    #expect(abs(up - 3.5) < 0.1, "\(up)")
    // The pressure is smoothed over a second: samples every half second for 10 s settle it.
    let (pf, room) = try filter(start: 1000)
    for k in 1...20 { pf.pressure(Pressure(t: 1 + Double(k) * 0.5, hPa: 999.59)) }
    for i in pf.particles.logWeight.indices { pf.particles.logWeight[i] = 0 }
    pf.weighByBarometer()
    let down = pf.particles.x.indices.filter { Int(pf.particles.plan[$0]) == room.plan }
    let upstairs = pf.particles.x.indices.filter { Int(pf.particles.plan[$0]) != room.plan }
    #expect(down.allSatisfy { pf.particles.logWeight[$0] < -5 })
    #expect(upstairs.allSatisfy { pf.particles.logWeight[$0] > -0.5 })
  }

  @Test func withoutABarometerFloorsAreLeftToTheScans() throws {
    #expect(try upMinusDown(start: nil, now: nil) == 0)
    let (pf, _) = try filter(start: nil)
    #expect(pf.particles.floorBase.allSatisfy { $0.isNaN })
  }

  @Test func injectedParticlesTakeTheirBaseWhereTheyAreBorn() throws {
    // A cloud that began on the ground floor; a resampling injects half its particles from a
    // scan taken one floor up. They are weighed as if the walk began there, not as a floor
    // change the barometer missed: the barometer cannot tell which floor a walk began on.
    let (pf, room) = try filter(start: 1000)
    let above = try #require(OfficeRadio.plans.floors(atOrdinal: 1).first).index
    for i in pf.particles.x.indices { pf.particles.plan[i] = Int32(room.plan) }
    let scan = OfficeRadio.scan(at: room.anchor, plan: above, time: 2)
    let weights = [Double](repeating: 1 / Double(pf.particles.count), count: pf.particles.count)
    pf.resample(weights: weights, injectShare: 0.5, prepared: pf.map.prepare(scan))
    let injected = pf.particles.x.indices.filter { pf.particles.floorBase[$0].isNaN }
    #expect(injected.count >= pf.particles.count / 3)
    #expect(injected.contains { Int(pf.particles.plan[$0]) == above })
    for i in pf.particles.logWeight.indices { pf.particles.logWeight[i] = 0 }
    pf.weighByBarometer()
    for i in injected {
      let ordinal = Float(pf.plans.plans[Int(pf.particles.plan[i])].ordinal)
      #expect(abs(pf.particles.floorBase[i] - ordinal) < 0.05)
      #expect(pf.particles.logWeight[i] == 0)
    }
  }

  @Test func implausiblePressuresAreIgnored() throws {
    let (pf, _) = try filter(start: 1000)
    pf.pressure(Pressure(t: 3, hPa: 98_000))
    pf.pressure(Pressure(t: 3, hPa: .nan))
    #expect(pf.barometer?.current == 1000)
  }
}
