// swift-tools-version: 6.1
import PackageDescription

// libFuzzer harnesses for every reader of Fingerpost, kept out of the main package so that
// `swift test` does not build them. Build and run: `make fuzz` (see docs/errors-and-fuzzing.md).
/// A fuzz target in `Sources/NAME`: one `LLVMFuzzerTestOneInput` over Fingerpost `modules`.
/// `local` names the targets of this package it uses as well.
func harness(_ name: String, _ modules: [String], local: [String] = []) -> Target {
  .executableTarget(
    name: name,
    dependencies: modules.map { .product(name: $0, package: "Fingerpost") }
      + local.map { .target(name: $0) }
  )
}

let package = Package(
  name: "FingerpostFuzz",
  platforms: [.macOS(.v14)],
  // Without Fingerpost's default traits: no harness reads through PostgreSQL or the service's
  // client, and leaving them out spares a sanitized build of postgres-nio, AsyncHTTPClient and
  // NIOSSL's copy of BoringSSL.
  dependencies: [.package(name: "Fingerpost", path: "..", traits: [])],
  targets: [
    harness("FuzzJSON", ["JSON"]),
    harness("FuzzVenueFiles", ["IMDF", "FloorPlans"]),
    harness("FuzzVenueZip", ["IMDF"]),
    harness("FuzzSurvey", ["Fingerprints"]),
    harness("FuzzUJI", ["Fingerprints"]),
    harness("FuzzILC", ["Fingerprints"]),
    harness("FuzzIPIN", ["Fingerprints", "Workflows", "FingerpostCore", "Geometry"]),
    harness("FuzzScenario", ["Simulation"]),
    harness("FuzzWorld", ["Radio"]),
    harness("FuzzEventStream", ["EventStream"]),
    harness("FuzzRadioMap", ["Fingerprints"]),
    // The service's request bodies, through the decoding the routes use (the venue zip's is
    // FuzzVenueZip's; FuzzGeosubmit reads the office zip named by FUZZ_VENUE_ZIP).
    harness("FuzzGeolocate", ["Service", "JSON"]),
    harness("FuzzGeosubmit", ["Service", "Store", "Fingerprints"]),
    harness("FuzzLocate", ["Workflows", "FingerpostCore"]),
    harness("FuzzSessionEvents", ["EventStream", "FingerpostCore"]),
    // The office walk the session harnesses run on.
    .target(
      name: "FuzzOffice",
      dependencies: [
        "Workflows", "Replay", "Simulation", "Localization", "FloorPlans", "Fingerprints",
        "FingerpostCore",
      ].map { .product(name: $0, package: "Fingerpost") }),
    // A session's snapshot as the store keeps it, restored into an office session and run on.
    harness("FuzzSnapshot", ["Workflows", "FingerpostCore"], local: ["FuzzOffice"]),
    // A session batch fed to an office session, as the service feeds it.
    harness(
      "FuzzTracking", ["Workflows", "EventStream", "FingerpostCore", "Geometry"],
      local: ["FuzzOffice"]),
  ],
  swiftLanguageModes: [.v6]
)
