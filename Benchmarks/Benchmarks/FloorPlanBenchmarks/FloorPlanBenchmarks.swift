import Benchmark
import FloorPlans
import Foundation
import Geometry
import IMDF

/// The real PolyMap venue beside the repository (`../shared/data/imdf-polymap`), if present.
let polymap: String? = {
  let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/data/imdf-polymap")
  return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
}()

/// The committed office sample venue.
let office: String = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Surveys/office").path

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput], maxDuration: .seconds(5))

  // Target (issue 2): loading PolyMap and deriving all its floor plans under 300 ms.
  Benchmark("PolyMap load + floor plans", configuration: .init(maxIterations: 20)) { benchmark in
    guard let polymap else { return }
    for _ in benchmark.scaledIterations {
      let venue = try VenueLoader.load(path: polymap)
      blackHole(FloorPlanSet(venue: venue))
    }
  }

  // Target: unit(at:) at least 1 M lookups per second. One iteration = 1 M lookups.
  Benchmark("unit(at:) 1M lookups, PolyMap main building", configuration: .init(maxIterations: 10))
  { benchmark in
    guard let polymap else { return }
    let set = FloorPlanSet(venue: try VenueLoader.load(path: polymap))
    let plan = set.plans[0]
    let box = plan.outline.bounds!
    benchmark.startMeasurement()
    var hits = 0
    for i in 0..<1_000_000 {
      let p = Point(
        x: box.min.x + Double(i % 1000) * box.width / 1000,
        y: box.min.y + Double(i / 1000) * box.height / 1000)
      if plan.unitIndex(at: p) != nil { hits += 1 }
    }
    blackHole(hits)
  }

  Benchmark("Office load + floor plans + router graph", configuration: .init(maxIterations: 20)) {
    benchmark in
    for _ in benchmark.scaledIterations {
      let set = FloorPlanSet(venue: try VenueLoader.load(path: office))
      blackHole(Router(set))
    }
  }
}
