import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Randomness
import Testing

@testable import Localization

/// Global draws (the start, recovery, the floor watchdog) go only to levels that know most of a
/// scan's APs: a level that never heard them (another building) explains a scan only by not
/// knowing it.
@Suite struct CompetingLevelsTests {
  /// A map of the office's ground and top floors surveyed with different APs, as if they were
  /// two buildings: the ground floor hears only its own five, the top floor only five others.
  static let map = OfficeRadio.surveyedMap(plans: [0, OfficeRadio.plans.plans.count - 1]) {
    scan(at: $0, plan: $1, time: $2)
  }

  /// A scan at `point` hearing only the APs of plan `plan`, `offset` dB off the survey.
  static func scan(at point: Point, plan: Int, time: Double, offset: Double = 0) -> Scan {
    let readings = OfficeRadio.accessPoints.filter { $0.plan == plan }.map { ap in
      Reading(
        bssid: ap.bssid,
        rssi: (-30 - 30 * log10(max(point.distance(to: ap.position), 1)) + offset).rounded())
    }
    return Scan(time: time, device: "test", readings: readings)
  }

  @Test func aLevelThatNeverHeardTheScanDoesNotCompete() throws {
    let plans = OfficeRadio.plans
    let top = plans.plans.count - 1
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    var settings = ParticleFilterSettings()
    settings.particles = 400
    let pf = ParticleFilter(
      plans: plans, map: Self.map, settings: settings, generator: try RandomGenerator(seed: 3),
      start: nil)
    // A phone reading 20 dB weak: the ground floor's cells fit it badly, the top floor's not
    // at all, but the top floor knows none of its APs, so it is never compared.
    let scan = Self.scan(at: room.anchor, plan: room.plan, time: 1, offset: -20)
    let prepared = Self.map.prepare(scan)
    let competing = pf.competingLevels(prepared)
    #expect(competing.count { $0 } == 1)
    pf.scan(scan)
    #expect(pf.particles.plan.allSatisfy { Int($0) == room.plan })
    #expect(pf.particles.plan.allSatisfy { Int($0) != top })
  }
}
