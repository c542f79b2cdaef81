import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Randomness
import Testing

@testable import Localization

/// Where walkers are, by floor: fitted to walks' truth, and a new cloud drawn with it.
@Suite struct FloorPriorTests {
  /// `count` truth samples on floor `ordinal`.
  func samples(_ count: Int, ordinal: Int) -> [TruthSample] {
    (0..<count).map { TruthSample(t: Double($0) / 2, ordinal: ordinal, position: .zero) }
  }

  @Test func aFloorWalkersSeldomVisitWeighsLess() {
    // 900 samples on the ground floor, 100 in the basement, none on the first floor.
    let prior = FloorPrior(
      ordinals: [-2, 0, 1], walks: [samples(900, ordinal: 0), samples(100, ordinal: -2)])
    #expect(prior.samples == 1000)
    let pseudo = FloorPrior.pseudoSamples / 3
    #expect(prior.logWeight(ofOrdinal: 0) == 0)
    #expect(abs(prior.logWeight(ofOrdinal: -2) - log((100 + pseudo) / (900 + pseudo))) < 1e-12)
    // log(6.7 / 906.7) = −4.9: no lower than the bound.
    #expect(prior.logWeight(ofOrdinal: 1) == FloorPrior.floorLogWeight)
    // Samples on a floor the venue does not have do not count.
    let other = FloorPrior(
      ordinals: [0, 1], walks: [samples(900, ordinal: 0), samples(50, ordinal: 7)])
    #expect(other.samples == 900 && other.logWeight[7] == nil)
  }

  @Test func theLowestWeightIsBounded() {
    let prior = FloorPrior(ordinals: [0, 1], walks: [samples(1_000_000, ordinal: 0)])
    #expect(prior.logWeight(ofOrdinal: 1) == FloorPrior.floorLogWeight)
  }

  @Test func oneFloorOrNoWalksIsNoPrior() {
    #expect(FloorPrior(ordinals: [0], walks: [samples(10, ordinal: 0)]).isEmpty)
    #expect(FloorPrior(ordinals: [0, 1], walks: []).isEmpty)
    // Floors walked alike weigh alike.
    let even = FloorPrior(
      ordinals: [0, 1], walks: [samples(500, ordinal: 0), samples(500, ordinal: 1)])
    #expect(even.isEmpty)
  }

  @Test func aNewCloudIsDrawnWithThePrior() throws {
    // Every floor surveyed as if it were the ground floor (Wi-Fi that cannot tell floors
    // apart), a scan in Room 0.01 on the ground floor, the filter not told the start: the share
    // of the cloud on the ground floor, with no prior and with the ground floor rare.
    let room = OfficeRadio.unit("Room 0.01", ordinal: 0)
    let alike = OfficeRadio.surveyedMap(plans: Array(OfficeRadio.plans.plans.indices)) {
      OfficeRadio.scan(at: $0, plan: room.plan, time: $2)
    }
    func groundShare(_ prior: FloorPrior) throws -> Double {
      var settings = ParticleFilterSettings()
      settings.particles = 400
      settings.floors = prior
      let pf = ParticleFilter(
        plans: OfficeRadio.plans, map: alike, settings: settings,
        generator: try RandomGenerator(seed: 7), start: nil)
      pf.scan(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 1))
      let ground = pf.particles.plan.filter { Int($0) == room.plan }.count
      return Double(ground) / Double(pf.particles.count)
    }
    let plain = try groundShare(FloorPrior())
    var rare = FloorPrior()
    for plan in OfficeRadio.plans.plans where plan.ordinal != 0 { rare.logWeight[plan.ordinal] = 0 }
    rare.logWeight[0] = FloorPrior.floorLogWeight
    let shunned = try groundShare(rare)
    let floors = Double(OfficeRadio.plans.plans.count)
    #expect(abs(plain - 1 / floors) < 0.15, "\(plain)")
    // exp(−4) as likely: about 1 in 55 × (floors − 1).
    #expect(shunned < 0.05, "with the prior \(shunned), without \(plain)")
  }
}
