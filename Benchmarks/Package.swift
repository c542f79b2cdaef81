// swift-tools-version: 6.1
import PackageDescription

// Release-mode benchmarks for Fingerpost, kept out of the main package so that `swift test`
// does not build the benchmark harness. Run: `make bench` (or `swift package benchmark` here).
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
    .executableTarget(
      name: "FloorPlanBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "IMDF", package: "Fingerpost"),
        .product(name: "FloorPlans", package: "Fingerpost"),
        .product(name: "Geometry", package: "Fingerpost"),
      ],
      path: "Benchmarks/FloorPlanBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "RadioBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "IMDF", package: "Fingerpost"),
        .product(name: "FloorPlans", package: "Fingerpost"),
        .product(name: "Geometry", package: "Fingerpost"),
        .product(name: "Radio", package: "Fingerpost"),
        .product(name: "Randomness", package: "Fingerpost"),
      ],
      path: "Benchmarks/RadioBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "FingerprintBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "Fingerprints", package: "Fingerpost"),
        .product(name: "Geometry", package: "Fingerpost"),
        .product(name: "WiFi", package: "Fingerpost"),
      ],
      path: "Benchmarks/FingerprintBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "LocalizationBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "Localization", package: "Fingerpost"),
        .product(name: "Fingerprints", package: "Fingerpost"),
        .product(name: "FloorPlans", package: "Fingerpost"),
        .product(name: "IMDF", package: "Fingerpost"),
        .product(name: "Radio", package: "Fingerpost"),
        .product(name: "Randomness", package: "Fingerpost"),
        .product(name: "Simulation", package: "Fingerpost"),
        .product(name: "WiFi", package: "Fingerpost"),
      ],
      path: "Benchmarks/LocalizationBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
