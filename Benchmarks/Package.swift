// swift-tools-version: 6.1
import PackageDescription

// Release-mode benchmarks for Fingerpost, kept out of the main package so that `swift test`
// does not build the benchmark harness. Run: `make bench` (or `swift package benchmark` here).
/// A benchmark executable in `Benchmarks/NAME` using the harness and Fingerpost `modules`.
func benchmark(_ name: String, _ modules: [String]) -> Target {
  .executableTarget(
    name: name,
    dependencies: [.product(name: "Benchmark", package: "benchmark")]
      + modules.map { .product(name: $0, package: "Fingerpost") },
    path: "Benchmarks/\(name)",
    plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
  )
}

let package = Package(
  name: "FingerpostBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Fingerpost", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]
    ),
  ],
  targets: [
    benchmark("JSONBenchmarks", ["JSON"]),
    benchmark("FloorPlanBenchmarks", ["IMDF", "FloorPlans", "Geometry"]),
    benchmark("RadioBenchmarks", ["IMDF", "FloorPlans", "Geometry", "Radio", "Randomness"]),
    benchmark(
      "FingerprintBenchmarks", ["Fingerprints", "Geometry", "FingerpostCore", "Workflows"]),
    benchmark(
      "LocalizationBenchmarks",
      [
        "Localization", "Fingerprints", "FloorPlans", "IMDF", "Radio", "Randomness", "Simulation",
        "FingerpostCore", "EventStream", "Replay", "Workflows",
      ]),
    benchmark(
      "ViewerBenchmarks",
      ["Viewer", "EventStream", "FloorPlans", "IMDF", "Geometry", "FingerpostCore"]),
  ]
)
