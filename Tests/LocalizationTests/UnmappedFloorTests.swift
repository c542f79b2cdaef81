import FingerpostCore
import FloorPlans
import Geometry
import Randomness
import Testing

@testable import Localization

/// Floors the map lacks: when the barometer puts the walker beyond the building's mapped
/// floors, the fix names that floor (no level, no unit); weather drift and a climb to a mapped
/// floor do not.
@Suite struct UnmappedFloorTests {
  /// A filter of 200 particles in Room 0.01 on the office's ground floor (its lowest), the
  /// barometer (when `barometer`) at 1000 hPa, after one scan and a fix at 1 s.
  func filter(barometer: Bool = true) throws -> ParticleFilter {
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    var settings = ParticleFilterSettings()
    settings.particles = 200
    let pf = ParticleFilter(
      plans: OfficeRadio.plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: 7),
      start: Route.Waypoint(floor: FloorID(room.plan), point: room.anchor))
    if barometer { pf.pressure(Pressure(t: 0, hPa: 1000)) }
    pf.scan(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 1))
    let fix = try #require(pf.fix(at: 1))
    #expect(fix.ordinal == 0)
    return pf
  }

  /// The barometer moved linearly from `from` hPa at `start` to `to` hPa at `end` seconds,
  /// then held for 10 s, sampled every half second with a fix every 2 s; the fixes.
  func fixes(
    _ pf: ParticleFilter, from: Double = 1000, to: Double, start: Double = 1, end: Double
  ) -> [Fix] {
    var out: [Fix] = []
    var t = start
    while t < end + 10 {
      t += 0.5
      let share = min(1, (t - start) / (end - start))
      pf.pressure(Pressure(t: t, hPa: from + share * (to - from)))
      if t.truncatingRemainder(dividingBy: 2) == 0, let fix = pf.fix(at: t) { out.append(fix) }
    }
    return out
  }

  @Test func aWalkerTheBarometerPutsBelowTheLowestFloorIsReportedThere() throws {
    let pf = try filter()
    // 7 m down (two 3.5 m floors) over 20 s of stairs: the last fixes are on ordinal −2, on the
    // cloud's position, with no level or unit.
    let down = Pressure.heightChange(from: 1000, to: 1000.83)
    #expect(abs(down + 7) < 0.2, "\(down)")
    let below = fixes(pf, to: 1000.83, end: 21)
    let last = try #require(below.last)
    #expect(last.ordinal == -2)
    #expect(last.levelID == nil && last.unitID == nil)
    #expect(below.first?.ordinal == 0)
    // Back up the stairs: the ground floor again, with its level.
    let back = fixes(pf, from: 1000.83, to: 1000, start: 31, end: 51)
    let home = try #require(back.last)
    #expect(home.ordinal == 0)
    #expect(home.levelID == OfficeRadio.plans.plans[Int(pf.particles.plan[0])].levelID)
  }

  @Test func weatherDriftIsNotAFloor() throws {
    // 0.5 hPa (4.2 m) over 30 minutes, more than a floor, with fixes every 2 s: the anchor
    // follows it and no fix leaves the ground floor.
    let pf = try filter()
    let drifted = fixes(pf, to: 1000.5, end: 1800)
    #expect(drifted.count > 800)
    #expect(drifted.allSatisfy { $0.ordinal == 0 })
  }

  @Test func aClimbToAMappedFloorIsLeftToTheCloud() throws {
    // 3.5 m up with the cloud held downstairs (no scan moves it): the first floor is mapped, so
    // the fix stays the cloud's; the particles' own barometer weights move the cloud there.
    let pf = try filter()
    let up = fixes(pf, to: 999.59, end: 15)
    #expect(up.allSatisfy { $0.ordinal == 0 && $0.levelID != nil })
  }

  @Test func withoutABarometerTheFixIsTheCloudsFloor() throws {
    let pf = try filter(barometer: false)
    #expect(pf.unmappedOrdinal(plan: Int(pf.particles.plan[0]), at: 2) == nil)
    #expect(pf.barometer == nil)
  }
}
