import Benchmark
import FloorPlans
import Foundation
import Geometry
import IMDF
import Radio
import Randomness

/// The committed office sample venue.
let office: String = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Surveys/office").path

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput], maxDuration: .seconds(5))

  // The office with 1.25 dual-band APs per 100 m²: 202 radios, all audible on every floor.
  let plans = FloorPlanSet(venue: try! VenueLoader.load(path: office))
  let model = PropagationModel()
  let aps = AccessPointPlacement(density: 1.25).place(in: plans, model: model)

  Benchmark(
    "World precompute, office, \(aps.count) APs, 1 m grid", configuration: .init(maxIterations: 5)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      // Every floor plan's fields (a world computes them lazily, on a plan's first scan).
      let world = try World(plans: plans, accessPoints: aps, model: model, seed: 1)
      try world.computeAll()
      blackHole(world)
    }
  }

  // Target (issue 3): one scan at one point for 200 APs in under 50 µs. One iteration = one scan.
  Benchmark(
    "Scan simulation, \(aps.count) APs (µs per scan)",
    configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo)
  ) { benchmark in
    let world = try World(plans: plans, accessPoints: aps, model: model, seed: 1)
    try world.computeAll()  // fields are lazy: not inside the measurement
    let simulator = ScanSimulator(
      world: world, device: Device(name: "bench", offset: 0),
      generator: try RandomGenerator(seed: 2))
    let plan = plans.plans[0]
    let points = plan.walkableUnits.map { plan.units[$0].anchorPoint }
    benchmark.startMeasurement()
    for i in benchmark.scaledIterations {
      blackHole(
        try simulator.scan(at: points[i % points.count], floor: FloorID(0), time: Double(i)))
    }
  }
}
