import FingerpostCore
import FloorPlans
import Geometry
import Randomness
import Testing

@testable import Localization

/// Other walks' barometers at their landmarks tell the floor a walk starts on, when they are
/// recent and of the same phone model, and nothing when they are a day old.
@Suite struct PressureReferenceTests {
  /// Ten walks of phone `P1`, one every 10 minutes from `started`, each with landmarks every
  /// 20 s on floor 0 for a minute, then floor 1 (3 m up): the weather falls 0.2 hPa an hour
  /// from 1000 hPa, each walk's barometer off by its own 0.05 hPa or so; one more walk a day
  /// later, the weather 4.8 hPa lower.
  static func recordings(started: Double = 1_700_000_000) throws -> [PressureReference.Recording] {
    let rng = try RandomGenerator(seed: 3)
    var out: [PressureReference.Recording] = []
    for w in 0..<11 {
      let start = w < 10 ? started + Double(w) * 600 : started + 86_400
      let offset = rng.gaussian(sigma: 0.05)
      var pressures: [Pressure] = []
      var landmarks: [(t: Double, ordinal: Int)] = []
      for k in 0..<240 {
        let t = Double(k) * 0.5
        let floor = t < 60 ? 0 : 1
        let weather = 1000 - 0.2 * (start + t - started) / 3600
        let here = Pressure.pressure(from: weather, climbing: 3 * Double(floor))
        pressures.append(Pressure(t: t, hPa: here + offset + rng.gaussian(sigma: 0.01)))
        if k % 40 == 0 { landmarks.append((t, floor)) }
      }
      out.append(
        PressureReference.Recording(
          device: "P1", started: start, landmarks: landmarks, pressures: pressures))
    }
    return out
  }

  @Test func pressureAndHeightAreOneFormula() {
    let up = Pressure.pressure(from: 1000, climbing: 3)
    #expect(abs(Pressure.heightChange(from: 1000, to: up) - 3) < 1e-9)
    #expect(abs(1000 - up - 0.36) < 0.01, "\(up)")
  }

  @Test func theFitFindsHowWalksDifferAndHowFastTheWeatherMoves() throws {
    let reference = try #require(
      PressureReference(recordings: Self.recordings(), floorHeight: 3))
    #expect(reference.walks == 11)
    #expect(reference.observations.count == 66)
    #expect(reference.noise > 0.02 && reference.noise < 0.1, "\(reference.noise)")
    // 0.2 hPa an hour.
    #expect(reference.drift * 3600 > 0.1 && reference.drift * 3600 < 0.4, "\(reference.drift)")
    // One walk, or walks of different phones, fit nothing.
    let one = try Array(Self.recordings().prefix(1))
    #expect(PressureReference(recordings: one, floorHeight: 3) == nil)
  }

  @Test func recentLandmarksTellTheFloorAndADayOldOnesDoNot() throws {
    let started = 1_700_000_000.0
    var recordings = try Self.recordings(started: started)
    recordings.removeLast()
    let reference = try #require(PressureReference(recordings: recordings, floorHeight: 3))
    // A walk starting 5 minutes after the last, on floor 1.
    let start = started + 9 * 600 + 300
    let walk = try #require(reference.forWalk(started: start, device: "P1"))
    let weather = 1000 - 0.2 * (start + 10 - started) / 3600
    let hPa = Pressure.pressure(from: weather, climbing: 3)
    let on = (0...2).map { walk.logLikelihood(ofOrdinal: $0, hPa: hPa, at: 10) }
    #expect(on[1] > -1)
    #expect(on[0] < on[1] - 5 && on[2] < on[1] - 5, "\(on)")
    // A day later the weather may have moved by floors: every floor about alike.
    let later = try #require(reference.forWalk(started: start + 86_400, device: "P1"))
    let after = (0...2).map { later.logLikelihood(ofOrdinal: $0, hPa: hPa + 1, at: 10) }
    #expect(after.max()! - after.min()! < 0.5, "\(after)")
    // Another phone model's landmarks say nothing of it.
    #expect(reference.forWalk(started: start, device: "P2") == nil)
  }

  @Test func particlesDrawnFromAScanTakeTheFloorTheReferenceSays() throws {
    // The office's three floors, a reference of walks on its ground floor minutes before.
    var recordings = try Self.recordings()
    recordings.removeLast()
    let reference = try #require(PressureReference(recordings: recordings, floorHeight: 3))
    var settings = ParticleFilterSettings()
    settings.particles = 100
    settings.pressureReference = reference.forWalk(started: 1_700_006_000, device: "P1")
    let pf = ParticleFilter(
      plans: OfficeRadio.plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: 5), start: nil)
    #expect(pf.levelBirthLogWeights(floorPrior: false) == nil)
    // The barometer reads the ground floor's pressure now (the weather 0.33 hPa lower).
    pf.pressure(Pressure(t: 0, hPa: 1000 - 0.2 * 6000 / 3600))
    let weights = try #require(pf.levelBirthLogWeights(floorPrior: false))
    for level in weights.indices {
      let ordinal = OfficeRadio.plans.plans[pf.planOfLevel[level]].ordinal
      if ordinal == 0 { #expect(weights[level] > -1) } else { #expect(weights[level] < -5) }
    }
  }
}
