import FingerpostCore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Service
import Store
import TestSupport
import Testing
import Workflows
import ZIPFoundation

/// A service on a temporary data folder holding the sample office with a radio map built (over
/// HTTP) from part of its survey, and keys: `locate` (locate only), `reader` (reads every venue,
/// may not locate), `writer` (writes the office), `limited` (2 requests a day), `revoked`.
struct ServiceFixture: Sendable {
  let service: FingerprintService
  let folder: TemporaryFolder
  /// Scans of the office's test survey, as `wifiAccessPoints` entries.
  let scans: [[(mac: String, rssi: Double)]]

  /// Built once for every test of the target.
  static let shared = Task { try await ServiceFixture.make() }

  static func make() async throws -> ServiceFixture {
    let folder = try TemporaryFolder("service")
    var configuration = ServiceConfiguration(dataFolder: folder.appending("data").path)
    // Few particles keep tracking sessions quick in debug builds.
    configuration.sessionSettings.particles = 200
    let service = try await FingerprintService(configuration: configuration)
    try await service.store.addKey(APIKey(key: "locate", name: "locate"))
    try await service.store.addKey(
      APIKey(key: "reader", name: "reader", allowLocate: false, readVenues: ["*"]))
    try await service.store.addKey(
      APIKey(key: "writer", name: "writer", writeVenues: ["office"]))
    try await service.store.addKey(APIKey(key: "limited", name: "limited", dailyLimit: 2))
    try await service.store.addKey(APIKey(key: "revoked", name: "revoked", revoked: true))
    let zip = try officeZip(in: folder)
    // Every third scan keeps the debug build's map quick.
    let lines = try officeSurvey().enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
    try await service.router().buildApplication().test(.router) { client in
      try await uploadOffice(to: client, key: "writer", zip: zip, survey: lines)
      try await client.execute(
        uri: "/fp/v1/venues/office/radiomap:build?key=writer", method: .post
      ) { try Self.require($0, .accepted) }
    }
    for _ in 0..<600 where service.catalog.entry("office")?.map == nil {
      try await Task.sleep(for: .milliseconds(100))
    }
    guard service.catalog.entry("office")?.map != nil else {
      throw FixtureError(message: "the office map was not built within 60 s")
    }
    let test = try String(
      contentsOfFile: RepositoryPaths.root.appendingPathComponent("Surveys/office.test.ndjson")
        .path, encoding: .utf8
    ).split(separator: "\n").dropFirst().prefix(5)
    let scans = try test.map { line -> [(mac: String, rssi: Double)] in
      let scan = try Workflows.Locate.scan(json: Data(line.utf8), source: "test")
      return scan.readings.map { ($0.bssid, $0.rssi) }
    }
    return ServiceFixture(service: service, folder: folder, scans: scans)
  }

  /// The sample office zipped into `folder`, as clients upload it.
  static func officeZip(in folder: TemporaryFolder) throws -> URL {
    let zip = folder.appending("office.zip")
    try FileManager.default.zipItem(
      at: URL(fileURLWithPath: RepositoryPaths.sampleVenue("office")), to: zip,
      shouldKeepParent: false)
    return zip
  }

  /// The office venue (`zip`) and the `survey` lines uploaded through `client` with `key`;
  /// throws unless both are accepted.
  static func uploadOffice(
    to client: some TestClientProtocol, key: String, zip: URL, survey: some Sequence<Substring>
  ) async throws {
    try await client.execute(
      uri: "/fp/v1/venues/office?key=\(key)", method: .put,
      body: ByteBuffer(bytes: try Data(contentsOf: zip))
    ) { try Self.require($0, .created) }
    try await client.execute(
      uri: "/fp/v1/venues/office/surveys?key=\(key)", method: .post,
      body: ByteBuffer(string: survey.joined(separator: "\n"))
    ) { try Self.require($0, .ok) }
  }

  /// A service of its own on a data folder in `folder` (for a test the shared fixture must not
  /// see), with `keys` stored and its configuration changed by `configure`.
  static func fresh(
    in folder: TemporaryFolder, keys: [APIKey] = [],
    configure: (inout ServiceConfiguration) throws -> Void = { _ in }
  ) async throws -> FingerprintService {
    var configuration = ServiceConfiguration(dataFolder: folder.appending("data").path)
    try configure(&configuration)
    let service = try await FingerprintService(configuration: configuration)
    for key in keys { try await service.store.addKey(key) }
    return service
  }

  /// The scan lines of the office's sample survey (its header left out).
  static func officeSurvey() throws -> ArraySlice<Substring> {
    try String(
      contentsOfFile: RepositoryPaths.root.appendingPathComponent("Surveys/office.survey.ndjson")
        .path, encoding: .utf8
    ).split(separator: "\n").dropFirst()
  }

  struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// Throws unless `response` has `status` (the fixture is built outside any one test, where an
  /// expectation would be recorded against no test).
  static func require(_ response: TestResponse, _ status: HTTPResponse.Status) throws {
    guard response.status == status else {
      throw FixtureError(
        message: "set-up got \(response.status), not \(status): \(String(buffer: response.body))")
    }
  }

  /// A `wifiAccessPoints` body of `networks`.
  static func body(_ networks: [(mac: String, rssi: Double)]) -> String {
    let entries = networks.map {
      #"{"macAddress": "\#($0.mac)", "signalStrength": \#(Int($0.rssi))}"#
    }
    return #"{"considerIp": false, "wifiAccessPoints": [\#(entries.joined(separator: ", "))]}"#
  }
}

extension Hummingbird.Router where Context == ServiceRequestContext {
  /// An application of this router, for `HummingbirdTesting`.
  func buildApplication() -> some ApplicationProtocol { Application(router: self) }
}

extension ServiceFixture {
  /// Writes into `folder` a scenario walking the office (its world, and a map from its survey)
  /// from Room 0.01 to `unit`, seed 5, and returns its path.
  static func officeScenario(to unit: String, in folder: URL) throws -> String {
    let root = RepositoryPaths.root
    let path = folder.appendingPathComponent("s.yaml").path
    try Data(
      """
      venue: \(RepositoryPaths.sampleVenue("office"))
      world: \(root.appendingPathComponent("Surveys/office.world.yaml").path)
      radio_map: { survey: \(root.appendingPathComponent("Surveys/office.survey.ndjson").path) }
      walker:
        start: { unit: "Room 0.01" }
        stops: [{ unit: "\(unit)" }]
      seed: 5
      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    return path
  }
}
