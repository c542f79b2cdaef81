import FingerpostCore
import FloorPlans
import Geometry
import Randomness
import Testing

@testable import Localization

/// The barometer: a particle whose floor disagrees with the height the barometer climbed
/// weighs less; injected particles keep the cloud's idea of the floor the walk started on.
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

  @Test func injectedParticlesKeepTheCloudsStartingFloor() throws {
    let (pf, room) = try filter(start: 1000)
    let kept = pf.particles.count
    #expect(pf.particles.floorBase.allSatisfy { abs($0) < 0.05 })
    for _ in 0..<50 {
      pf.particles.append(
        x: room.anchor.x, y: room.anchor.y, plan: Int32(room.plan), headingBias: 0, scale: 1,
        offset: 0)
    }
    pf.inheritFloorBases(from: 0..<kept)
    #expect(pf.particles.floorBase[kept...].allSatisfy { abs($0) < 0.05 })
  }

  @Test func implausiblePressuresAreIgnored() throws {
    let (pf, _) = try filter(start: 1000)
    pf.pressure(Pressure(t: 3, hPa: 98_000))
    pf.pressure(Pressure(t: 3, hPa: .nan))
    #expect(pf.barometer?.current == 1000)
  }
}
