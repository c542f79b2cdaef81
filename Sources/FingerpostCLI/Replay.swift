import EventStream
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Localization
import Randomness
import Simulation

/// Feeds a simulated walk's steps and scans to a localizer in time order and collects a fix at
/// every fix time, with a summary of its accuracy against the truth.
struct Replay {
  let scenario: Scenario
  let walk: SimulatedWalk
  let plans: FloorPlanSet
  let map: RadioMap
  let kind: ReplayCommand.Kind
  let particles: Int?
  let fixRate: Double
  /// Particles to add to each fix as a thinned cloud (0: none).
  var cloudSize = 0

  func makeLocalizer() throws -> any Localizer {
    switch kind {
    case .deadReckoning:
      return DeadReckoningLocalizer(start: walk.start)
    case .fingerprint:
      return FingerprintLocalizer(map: map, plans: plans)
    case .pf:
      var settings = ParticleFilterSettings()
      settings.particles = particles ?? scenario.localizer.particles
      settings.resampleThreshold = scenario.localizer.resampleThreshold
      let generator = try RandomGenerator(seed: scenario.seed).split(stream: 10)
      return ParticleFilter(
        plans: plans, map: map, settings: settings, generator: generator,
        start: scenario.localizer.knownStart ? walk.start : nil)
    }
  }

  /// The stream lines (meta, fixes, truth if asked) and a one-line summary.
  func run(withTruth: Bool) throws -> (lines: [String], summary: String) {
    var lines: [String] = []
    let summary = try run(withTruth: withTruth) { line, _ in lines.append(line) }
    return (lines, summary)
  }

  /// Streams each line to `emit` with its scenario time (nil for meta) and returns the summary.
  func run(withTruth: Bool, emit: (String, Double?) -> Void) throws -> String {
    let localizer = try makeLocalizer()
    enum Input {
      case step(Int)
      case scan(Int)
    }
    var inputs: [(t: Double, input: Input)] = walk.steps.indices.map {
      (walk.steps[$0].t, .step($0))
    }
    inputs += walk.scans.indices.map { (walk.scans[$0].time, .scan($0)) }
    inputs.sort { $0.t < $1.t }
    emit(
      StreamEncoder.line(
        .meta(
          Meta(
            venue: scenario.venue.lastPathComponent, seed: scenario.seed,
            generator: "fingerpost replay \(kind.rawValue)",
            origin: plans.frame.origin))), nil)
    var next = 0
    var fixes: [(fix: Fix, truth: SimulatedWalk.Truth)] = []
    let period = 1 / fixRate
    var t = period
    var truthIndex = 0
    while t <= walk.walk.duration + 1e-9 {
      while next < inputs.count, inputs[next].t <= t {
        localizer.advance(to: inputs[next].t)
        switch inputs[next].input {
        case .step(let i):
          let s = walk.steps[i]
          localizer.step(StepInput(t: s.t, length: s.length, heading: s.heading))
        case .scan(let i):
          localizer.scan(ScanInput(scan: walk.scans[i]))
        }
        next += 1
      }
      localizer.advance(to: t)
      if withTruth {
        while truthIndex < walk.truth.count, walk.truth[truthIndex].sample.t <= t + 1e-9 {
          let truth = walk.truth[truthIndex]
          emit(
            StreamEncoder.line(
              .truth(
                TruthRecord(
                  t: truth.sample.t, ordinal: truth.ordinal, x: truth.sample.point.x,
                  y: truth.sample.point.y,
                  unit: truth.unitID, heading: truth.sample.heading))), truth.sample.t)
          truthIndex += 1
        }
      }
      if let fix = localizer.fix(at: t) {
        emit(StreamEncoder.line(.fix(record(fix))), t)
        if cloudSize > 0, let filter = localizer as? ParticleFilter {
          emit(
            StreamEncoder.line(
              .particles(ParticlesRecord(t: t, points: filter.cloud(count: cloudSize)))), t)
        }
        let truth = walk.truth[min(Int((t * scenario.truthRate).rounded()), walk.truth.count - 1)]
        fixes.append((fix, truth))
      }
      t = ((t + period) * 1000).rounded() / 1000
    }
    return summary(fixes)
  }

  func record(_ fix: Fix) -> FixRecord {
    let c = plans.frame.coordinate(for: fix.position)
    let plan = plans.plans[fix.plan]
    let unit = fix.unit.map { plan.units[$0] }
    return FixRecord(
      t: fix.t, lat: c.latitude, lon: c.longitude, x: fix.position.x, y: fix.position.y,
      ordinal: plan.ordinal,
      levelID: plan.levelID, unitID: unit?.id, unitName: unit?.label, accuracy: fix.accuracy,
      course: fix.course,
      speed: fix.speed)
  }

  /// p75 horizontal error, floor and unit hit rates, and wall crossings of the fix track.
  func summary(_ fixes: [(fix: Fix, truth: SimulatedWalk.Truth)]) -> String {
    guard !fixes.isEmpty else { return "no fixes" }
    let errors = fixes.map { $0.fix.position.distance(to: $0.truth.sample.point) }
    let p75 = FingerprintEvaluation.quantile(errors, 0.75)
    let floors = fixes.filter { plans.plans[$0.fix.plan].ordinal == $0.truth.ordinal }.count
    let units = fixes.filter { pair in
      pair.fix.unit.map { plans.plans[pair.fix.plan].units[$0].id } == pair.truth.unitID
    }.count
    var crossings = 0
    for (a, b) in zip(fixes, fixes.dropFirst()) where a.fix.plan == b.fix.plan {
      if plans.plans[a.fix.plan].crossesWall(Segment(a.fix.position, b.fix.position)) {
        crossings += 1
      }
    }
    let n = Double(fixes.count)
    return "\(kind.rawValue): \(fixes.count) fixes, p75 error \(p75.formatted(decimals: 2)) m, "
      + "floor \((Double(floors) / n * 100).formatted(decimals: 1)) %, unit \((Double(units) / n * 100).formatted(decimals: 1)) %, "
      + "\(crossings) fix-to-fix wall crossings"
  }
}
