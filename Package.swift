// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Fingerpost",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "fingerpost", targets: ["fingerpost"]),
    .library(name: "Randomness", targets: ["Randomness"]),
    .library(name: "Geometry", targets: ["Geometry"]),
    .library(name: "JSON", targets: ["JSON"]),
    .library(name: "ConfigFiles", targets: ["ConfigFiles"]),
    .library(name: "IMDF", targets: ["IMDF"]),
    .library(name: "FloorPlans", targets: ["FloorPlans"]),
    .library(name: "VenueGeneration", targets: ["VenueGeneration"]),
    .library(name: "WiFi", targets: ["WiFi"]),
    .library(name: "Radio", targets: ["Radio"]),
    .library(name: "Fingerprints", targets: ["Fingerprints"]),
    .library(name: "EventStream", targets: ["EventStream"]),
    .library(name: "Motion", targets: ["Motion"]),
    .library(name: "Localization", targets: ["Localization"]),
    .library(name: "Replay", targets: ["Replay"]),
    .library(name: "Scoring", targets: ["Scoring"]),
    .library(name: "Simulation", targets: ["Simulation"]),
    .library(name: "Viewer", targets: ["Viewer"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
    .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
  ],
  targets: [
    // C shim over GNU GSL, found through pkg-config.
    .systemLibrary(
      name: "CGSL",
      pkgConfig: "gsl",
      providers: [.apt(["libgsl-dev"])]
    ),
    .target(name: "Randomness", dependencies: ["CGSL"]),
    .target(name: "Geometry"),
    .target(name: "JSON"),
    .target(
      name: "IMDF",
      dependencies: ["Geometry", "JSON", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
    ),
    .target(
      name: "FloorPlans",
      dependencies: [
        "Geometry", "IMDF", .product(name: "HeapModule", package: "swift-collections"),
      ]
    ),
    .target(name: "VenueGeneration", dependencies: ["Geometry", "IMDF"]),
    .target(name: "WiFi"),
    .target(name: "Motion", dependencies: ["Geometry", "Randomness"]),
    .target(
      name: "Localization",
      dependencies: ["Geometry", "FloorPlans", "Fingerprints", "Motion", "Randomness", "WiFi"]
    ),
    .target(name: "EventStream", dependencies: ["Geometry", "WiFi", "JSON"]),
    .target(name: "Scoring", dependencies: ["Geometry"]),
    .target(
      name: "Fingerprints",
      dependencies: [
        "Geometry", "FloorPlans", "WiFi", "JSON", .product(name: "CSV", package: "CSV.swift"),
      ]
    ),
    .target(
      name: "Simulation",
      dependencies: [
        "Geometry", "FloorPlans", "Radio", "Fingerprints", "Randomness", "WiFi", "Motion",
        "ConfigFiles",
      ]
    ),
    .target(
      name: "Replay",
      dependencies: [
        "Geometry", "FloorPlans", "Fingerprints", "Motion", "Localization", "Simulation",
        "EventStream",
        "Randomness", "WiFi",
      ]
    ),
    .target(name: "ConfigFiles", dependencies: [.product(name: "Yams", package: "Yams")]),
    // C shim for the terminal: raw mode, size, and restoring it from signal handlers.
    .target(name: "CTerminal"),
    .target(
      name: "Viewer",
      dependencies: ["CTerminal", "Geometry", "IMDF", "FloorPlans", "EventStream", "Scoring"]
    ),
    .target(
      name: "Radio",
      dependencies: [
        "Geometry", "FloorPlans", "Randomness", "WiFi", "ConfigFiles",
      ]
    ),
    .target(
      name: "FingerpostCLI",
      dependencies: [
        "Geometry", "IMDF", "FloorPlans", "VenueGeneration", "Randomness", "WiFi", "Radio",
        "Fingerprints", "ConfigFiles", "Simulation", "EventStream", "Motion", "Localization",
        "Replay", "Scoring", "Viewer", "CTerminal",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "fingerpost", dependencies: ["FingerpostCLI"]),

    .target(name: "TestSupport", dependencies: ["IMDF", "Geometry"], path: "Tests/TestSupport"),
    .testTarget(name: "RandomnessTests", dependencies: ["Randomness"]),
    .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
    .testTarget(
      name: "IMDFTests",
      dependencies: [
        "IMDF", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]
    ),
    .testTarget(name: "FloorPlansTests", dependencies: ["FloorPlans", "IMDF", "TestSupport"]),
    .testTarget(
      name: "VenueGenerationTests",
      dependencies: ["VenueGeneration", "FloorPlans", "IMDF", "TestSupport"]
    ),
    .testTarget(name: "WiFiTests", dependencies: ["WiFi"]),
    .testTarget(name: "MotionTests", dependencies: ["Motion", "Randomness"]),
    .testTarget(
      name: "LocalizationTests",
      dependencies: [
        "Localization", "Fingerprints", "FloorPlans", "IMDF", "Randomness", "WiFi", "TestSupport",
      ]
    ),
    .testTarget(
      name: "EventStreamTests", dependencies: ["EventStream", "WiFi", "Geometry", "JSON"]),
    .testTarget(name: "ScoringTests", dependencies: ["Scoring", "Geometry", "Randomness"]),
    .testTarget(name: "FingerprintsTests", dependencies: ["Fingerprints", "WiFi", "TestSupport"]),
    .testTarget(
      name: "SimulationTests",
      dependencies: ["Simulation", "Radio", "Fingerprints", "FloorPlans", "IMDF", "TestSupport"]
    ),
    .testTarget(name: "ConfigFilesTests", dependencies: ["ConfigFiles"]),
    .testTarget(
      name: "ViewerTests",
      dependencies: ["Viewer", "EventStream", "FloorPlans", "IMDF", "Geometry", "TestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RadioTests",
      dependencies: ["Radio", "FloorPlans", "IMDF", "Randomness", "WiFi", "TestSupport"]),
    .testTarget(
      name: "FingerpostCLITests",
      dependencies: [
        "FingerpostCLI", "Fingerprints", "Motion", "Replay", "Scoring", "EventStream", "Geometry",
        "JSON",
        "WiFi", "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
