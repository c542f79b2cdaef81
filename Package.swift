// swift-tools-version: 6.1
import PackageDescription

// Layers, lowest first (see README "Modules"): a module imports only modules above it here.
//   FingerpostCore (the concept values and errors) ← Geometry
//   IMDF, FloorPlans, Radio, Fingerprints, Motion, Localization, Simulation, Scoring, EventStream
//   Replay → Workflows (the application layer) → Store → Viewer, Service, FingerpostCLI
//   (front ends)

let package = Package(
  name: "Fingerpost",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "fingerpost", targets: ["fingerpost"]),
    .library(name: "FingerpostCore", targets: ["FingerpostCore"]),
    .library(name: "Randomness", targets: ["Randomness"]),
    .library(name: "Geometry", targets: ["Geometry"]),
    .library(name: "JSON", targets: ["JSON"]),
    .library(name: "ConfigFiles", targets: ["ConfigFiles"]),
    .library(name: "IMDF", targets: ["IMDF"]),
    .library(name: "FloorPlans", targets: ["FloorPlans"]),
    .library(name: "VenueGeneration", targets: ["VenueGeneration"]),
    .library(name: "Radio", targets: ["Radio"]),
    .library(name: "Fingerprints", targets: ["Fingerprints"]),
    .library(name: "EventStream", targets: ["EventStream"]),
    .library(name: "Motion", targets: ["Motion"]),
    .library(name: "Localization", targets: ["Localization"]),
    .library(name: "Replay", targets: ["Replay"]),
    .library(name: "Scoring", targets: ["Scoring"]),
    .library(name: "Simulation", targets: ["Simulation"]),
    .library(name: "Workflows", targets: ["Workflows"]),
    .library(name: "Viewer", targets: ["Viewer"]),
    .library(name: "Store", targets: ["Store"]),
    .library(name: "Service", targets: ["Service"]),
    .library(name: "FingerpostClient", targets: ["FingerpostClient"]),
  ],
  // The heavy parts the demo does not need, each with its own TLS (NIOSSL's BoringSSL): on by
  // default (`make test` builds them); `make demo` builds without them.
  traits: [
    .trait(
      name: "PostgreSQL",
      description: "The PostgreSQL store (postgres-nio): `serve --database postgres://…`."),
    .trait(
      name: "ServiceClient",
      description: "The service's HTTP client (AsyncHTTPClient): `replay --to URL`."),
    .default(enabledTraits: ["PostgreSQL", "ServiceClient"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(
      url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
  ],
  targets: [
    // C shim over GNU GSL, found through pkg-config.
    .systemLibrary(
      name: "CGSL",
      pkgConfig: "gsl",
      providers: [.apt(["libgsl-dev"])]
    ),
    .target(name: "Randomness", dependencies: ["CGSL"]),
    // Zstandard, for the compressed body of the radio map file.
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"])]
    ),
    .target(name: "Geometry"),
    .target(name: "FingerpostCore", dependencies: ["Geometry", "CZstd"]),
    .target(name: "JSON"),
    .target(
      name: "ConfigFiles",
      dependencies: ["FingerpostCore", .product(name: "Yams", package: "Yams")]
    ),
    .target(
      name: "IMDF",
      dependencies: [
        "Geometry", "FingerpostCore", "JSON",
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]
    ),
    .target(
      name: "FloorPlans",
      dependencies: [
        "Geometry", "FingerpostCore", "IMDF",
        .product(name: "HeapModule", package: "swift-collections"),
      ]
    ),
    .target(name: "VenueGeneration", dependencies: ["Geometry", "IMDF", "FloorPlans"]),
    .target(name: "Motion", dependencies: ["Geometry", "FingerpostCore", "Randomness"]),
    .target(
      name: "Fingerprints",
      dependencies: [
        "Geometry", "FingerpostCore", "FloorPlans", "JSON",
        .product(name: "CSV", package: "CSV.swift"),
      ]
    ),
    .target(
      name: "Radio",
      dependencies: ["Geometry", "FingerpostCore", "FloorPlans", "Randomness", "ConfigFiles"]
    ),
    .target(
      name: "Localization",
      dependencies: [
        "Geometry", "FingerpostCore", "FloorPlans", "Fingerprints", "Motion", "Randomness",
      ]
    ),
    .target(name: "EventStream", dependencies: ["Geometry", "FingerpostCore", "JSON"]),
    .target(name: "Scoring", dependencies: ["Geometry", "FingerpostCore"]),
    .target(
      name: "Simulation",
      dependencies: [
        "Geometry", "FingerpostCore", "FloorPlans", "Radio", "Fingerprints", "Randomness",
        "Motion", "ConfigFiles", "IMDF",
      ]
    ),
    .target(
      name: "Replay",
      dependencies: [
        "Geometry", "FingerpostCore", "IMDF", "FloorPlans", "Fingerprints", "Motion",
        "Localization", "Simulation", "EventStream", "Scoring", "Randomness",
      ]
    ),
    // The application layer both front ends (the command line, the service) call.
    .target(
      name: "Workflows",
      dependencies: [
        "Geometry", "FingerpostCore", "JSON", "IMDF", "FloorPlans", "Radio", "Fingerprints",
        "Motion", "Localization", "Simulation", "EventStream", "Scoring", "Replay",
        "Randomness", "ConfigFiles", "VenueGeneration",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // What the service keeps: venues, surveys, maps, jobs, keys (SQLite through GRDB).
    .target(
      name: "Store",
      dependencies: [
        "FingerpostCore", .product(name: "GRDB", package: "GRDB.swift"),
        .product(
          name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // The fingerprint service: the geolocation API and the indoor endpoints (Hummingbird).
    .target(
      name: "Service",
      dependencies: [
        "Store", "Workflows", "FingerpostCore", "Fingerprints", "FloorPlans", "IMDF", "Geometry",
        "JSON", "EventStream", "Localization",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "CompressNIO", package: "compress-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      // The API's OpenAPI document, read from here by the API check (not bundled).
      exclude: ["openapi.yaml"],
      // The web map's static files, served at `/`.
      resources: [.copy("Web")]
    ),
    // C shim for the terminal: raw mode, size, and restoring it from signal handlers.
    .target(name: "CTerminal"),
    .target(
      name: "Viewer",
      dependencies: [
        "CTerminal", "Geometry", "FingerpostCore", "IMDF", "FloorPlans", "EventStream",
        "Scoring",
      ]
    ),
    // A client of the service's HTTP API: tracking sessions, radio maps, a walk played through
    // them.
    .target(
      name: "FingerpostClient",
      dependencies: [
        "Geometry", "FingerpostCore", "Fingerprints", "FloorPlans", "EventStream", "JSON",
        "Localization", "Simulation", "Replay", "Scoring", "Workflows",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOFoundationCompat", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .target(
      name: "FingerpostCLI",
      dependencies: [
        "Geometry", "FingerpostCore", "IMDF", "FloorPlans", "VenueGeneration", "Radio",
        "Fingerprints", "Simulation", "EventStream", "Localization", "Replay", "Scoring",
        "Workflows", "Viewer", "CTerminal", "Store", "Service",
        .target(name: "FingerpostClient", condition: .when(traits: ["ServiceClient"])),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(name: "fingerpost", dependencies: ["FingerpostCLI"]),

    .target(
      name: "TestSupport",
      dependencies: [
        "IMDF", "Geometry", "Fingerprints", "Workflows",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      path: "Tests/TestSupport"),
    .testTarget(name: "RandomnessTests", dependencies: ["Randomness"]),
    .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
    .testTarget(name: "FingerpostCoreTests", dependencies: ["FingerpostCore", "Geometry"]),
    .testTarget(name: "ConfigFilesTests", dependencies: ["ConfigFiles", "FingerpostCore"]),
    .testTarget(
      name: "IMDFTests",
      dependencies: [
        "IMDF", "FingerpostCore", "TestSupport",
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "FloorPlansTests", dependencies: ["FloorPlans", "IMDF", "TestSupport"]),
    .testTarget(
      name: "VenueGenerationTests",
      dependencies: ["VenueGeneration", "FloorPlans", "IMDF", "TestSupport"]
    ),
    .testTarget(
      name: "MotionTests", dependencies: ["Motion", "FingerpostCore", "Geometry", "Randomness"]),
    .testTarget(
      name: "LocalizationTests",
      dependencies: [
        "Localization", "Fingerprints", "FloorPlans", "IMDF", "Randomness", "FingerpostCore",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: [
        "Replay", "EventStream", "FingerpostCore", "Fingerprints", "Geometry", "Localization",
      ]
    ),
    .testTarget(
      name: "EventStreamTests", dependencies: ["EventStream", "FingerpostCore", "Geometry", "JSON"]
    ),
    .testTarget(
      name: "ScoringTests", dependencies: ["Scoring", "FingerpostCore", "Geometry", "Randomness"]),
    .testTarget(
      name: "FingerprintsTests", dependencies: ["Fingerprints", "FingerpostCore", "TestSupport"]
    ),
    .testTarget(
      name: "SimulationTests",
      dependencies: [
        "Simulation", "Radio", "Fingerprints", "FloorPlans", "IMDF", "FingerpostCore",
        "TestSupport",
      ]
    ),
    .testTarget(
      name: "ViewerTests",
      dependencies: [
        "Viewer", "EventStream", "FloorPlans", "IMDF", "Geometry", "FingerpostCore", "TestSupport",
      ],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "RadioTests",
      dependencies: ["Radio", "FloorPlans", "IMDF", "Randomness", "FingerpostCore", "TestSupport"]
    ),
    .testTarget(
      name: "WorkflowsTests",
      dependencies: [
        "Workflows", "FingerpostCore", "Fingerprints", "FloorPlans", "Localization", "Replay",
        "Simulation", "IMDF",
        "Scoring", "EventStream", "Geometry", "JSON", "TestSupport",
      ],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "StoreTests",
      dependencies: [
        "Store", "FingerpostCore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]),
    .testTarget(
      name: "ServiceTests",
      dependencies: [
        "Service", "FingerpostClient", "Store", "Workflows", "Replay", "Fingerprints",
        "FingerpostCore", "TestSupport", "JSON",
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        .product(name: "CompressNIO", package: "compress-nio"),
      ]
    ),
    .testTarget(
      name: "FingerpostCLITests",
      dependencies: [
        "FingerpostCLI", "Workflows", "Fingerprints", "Motion", "Replay", "Scoring", "EventStream",
        "Geometry", "JSON", "FingerpostCore", "TestSupport", "Store",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
