import FingerpostCore
import FloorPlans
import Geometry
import Randomness
import Testing

@testable import Localization

/// Where walkers are, by unit category: fitted to walks' truth, weighed at each particle's unit.
@Suite struct PlacePriorTests {
  let plans = OfficeRadio.plans

  /// Truth samples every `spacing` metres over the walkable units of every plan whose category
  /// `keep` accepts.
  func samples(spacing: Double, keep: (String) -> Bool) -> [TruthSample] {
    var out: [TruthSample] = []
    for plan in plans.plans {
      guard let box = plan.walkableBounds else { continue }
      for x in stride(from: box.min.x, through: box.max.x, by: spacing) {
        for y in stride(from: box.min.y, through: box.max.y, by: spacing) {
          let p = Point(x: x, y: y)
          guard let unit = plan.unit(at: p), unit.kind.isWalkable, keep(unit.category) else {
            continue
          }
          out.append(TruthSample(t: Double(out.count) / 2, ordinal: plan.ordinal, position: p))
        }
      }
    }
    return out
  }

  @Test func walkersWhoKeepToTheWalkwayMakeTheRoomsRare() {
    let prior = PlacePrior(
      plans: plans, walks: [samples(spacing: 1) { $0 == "walkway" }])
    #expect(prior.samples > 100)
    #expect(prior.logWeight(of: "walkway") == 0)
    #expect(prior.logWeight(of: "office") == PlacePrior.floorLogWeight)
    #expect(prior.logWeight(of: "kitchen") < -2)
    #expect(!prior.isEmpty)
    // Never above the walkway's, however small a unit is.
    #expect(prior.logWeight.values.allSatisfy { $0 <= 0 })
  }

  @Test func walkersEverywhereMakeEveryPlaceAlike() {
    let prior = PlacePrior(plans: plans, walks: [samples(spacing: 1) { _ in true }])
    #expect(prior.samples > 1000)
    for (category, weight) in prior.logWeight {
      #expect(weight > -0.5, "\(category): \(weight)")
    }
  }

  @Test func noWalksIsNoPrior() {
    #expect(PlacePrior(plans: plans, walks: []).isEmpty)
    #expect(PlacePrior().logWeight(of: "office") == 0)
  }

  @Test func eachParticleIsWeighedByItsUnit() throws {
    let kitchen = OfficeRadio.unit("Kitchen", ordinal: 2)
    var settings = ParticleFilterSettings()
    settings.particles = 200
    settings.startSpread = 3
    settings.places.logWeight = ["kitchen": -3, "walkway": 0]
    let start = Route.Waypoint(floor: FloorID(kitchen.plan), point: kitchen.anchor)
    func filter() throws -> ParticleFilter {
      ParticleFilter(
        plans: plans, map: OfficeRadio.map, settings: settings,
        generator: try RandomGenerator(seed: 3), start: start)
    }
    let pf = try filter()
    var weights = [Double](repeating: 0, count: pf.count)
    pf.weighByPlace(&weights)
    var inKitchen = 0
    for i in 0..<pf.count {
      let p = Point(x: pf.particles.x[i], y: pf.particles.y[i])
      let category = plans.plans[kitchen.plan].unit(at: p)?.category
      #expect(weights[i] == (category == "kitchen" ? -3 : 0), "\(category ?? "none")")
      if category == "kitchen" { inKitchen += 1 }
    }
    #expect(inKitchen > 0)
    // Without a prior nothing is weighed.
    settings.places = PlacePrior()
    let plain = try filter()
    var none = [Double](repeating: 0, count: plain.count)
    plain.weighByPlace(&none)
    #expect(none.allSatisfy { $0 == 0 })
  }
}
