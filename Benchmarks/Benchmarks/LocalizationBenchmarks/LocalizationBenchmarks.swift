import Benchmark
import Fingerprints
import FloorPlans
import Foundation
import IMDF
import Localization
import Radio
import Randomness
import Simulation
import WiFi

/// The repository root (this file is Benchmarks/Benchmarks/LocalizationBenchmarks/…).
let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput], maxDuration: .seconds(5))

  let scenario = try! Scenario(
    contentsOf: root.appendingPathComponent("Scenarios/S0-office-nominal.yaml"))
  let worldFile = try! WorldFile(contentsOf: scenario.world)
  let plans = FloorPlanSet(venue: try! VenueLoader.load(path: scenario.venue.path))
  let world = try! worldFile.makeWorld(plans: plans)
  let walk = try! scenario.simulate(in: world)
  let survey = try! SurveyFile(
    contentsOf: root.appendingPathComponent("Surveys/office.survey.ndjson"))
  let map = RadioMapBuilder().build(surveys: [("office", survey)], plans: plans).map

  func filter(_ particles: Int) -> ParticleFilter {
    var settings = ParticleFilterSettings()
    settings.particles = particles
    return ParticleFilter(
      plans: plans, map: map, settings: settings, generator: try! RandomGenerator(seed: 1),
      start: walk.start)
  }

  // Target (issue 4): one filter update at 5,000 particles, wall tests included, ≤ 1 ms.
  Benchmark(
    "PF step (predict with wall tests), 5,000 particles", configuration: .init(maxIterations: 2000)
  ) { benchmark in
    let pf = filter(5000)
    let steps = walk.steps.prefix(40).map {
      StepInput(t: $0.t, length: $0.length, heading: $0.heading)
    }
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations { pf.step(steps[i % steps.count]) }
  }

  Benchmark("PF scan update, 5,000 particles", configuration: .init(maxIterations: 500)) {
    benchmark in
    let pf = filter(5000)
    let scans = walk.scans.prefix(3).map { ScanInput(scan: $0) }
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations { pf.scan(scans[i % scans.count]) }
  }

  // Target: a 10-minute S0 walk at 2,000 particles in ≤ 0.6 s. One iteration localizes the whole
  // S0 walk (\(Int(walk.walk.duration)) s of walking): steps, scans and 2 Hz fixes.
  Benchmark(
    "Localize the S0 walk (\(Int(walk.walk.duration)) s), 2,000 particles",
    configuration: .init(maxIterations: 10)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      let pf = filter(2000)
      var inputs: [(Double, Bool, Int)] = walk.steps.indices.map { (walk.steps[$0].t, true, $0) }
      inputs += walk.scans.indices.map { (walk.scans[$0].time, false, $0) }
      inputs.sort { $0.0 < $1.0 }
      var next = 0
      var t = 0.5
      while t <= walk.walk.duration {
        while next < inputs.count, inputs[next].0 <= t {
          let (time, isStep, i) = inputs[next]
          pf.advance(to: time)
          if isStep {
            pf.step(
              StepInput(t: time, length: walk.steps[i].length, heading: walk.steps[i].heading))
          } else {
            pf.scan(ScanInput(scan: walk.scans[i]))
          }
          next += 1
        }
        pf.advance(to: t)
        blackHole(pf.fix(at: t))
        t += 0.5
      }
    }
  }
}
