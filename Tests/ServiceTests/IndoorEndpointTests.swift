import FingerpostCore
import Fingerprints
import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Store
import TestSupport
import Testing

/// The `/fp/v1` reads and survey appends on the fixture's office: levels and units, the survey's
/// summary and download, idempotent appends by scan id, the map file with its ETag, keys on reads.
@Suite struct IndoorEndpointTests {
  static func json(_ response: TestResponse) -> JSONValue? {
    try? JSONParser.parse(Data(buffer: response.body))
  }

  /// A survey scan line at (x, 2) on ordinal 0 at time x, with client id `id`.
  static func scan(_ id: String?, _ x: Int) -> String {
    (id.map { #"{"type":"scan","id":"\#($0)","# } ?? #"{"type":"scan","#)
      + #""t":\#(x),"device":"p","ordinal":0,"x":\#(x),"y":2,"readings":[["02:aa:00:00:00:01",-60]]}"#
  }

  @Test func levelsAndUnitsDescribeTheVenue() async throws {
    let fixture = try await ServiceFixture.shared.value
    let plans = try #require(fixture.service.catalog.entry("office")?.plans)
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(uri: "/fp/v1/venues/office/levels?key=reader", method: .get) {
        response in
        #expect(response.status == .ok)
        let levels = try #require(Self.json(response)?.arrayValue)
        #expect(levels.count == plans.plans.count)
        #expect(levels.compactMap { $0["ordinal"]?.intValue } == plans.plans.map(\.ordinal))
        #expect(levels.allSatisfy { ($0["walkable_m2"]?.doubleValue ?? 0) > 0 })
      }
      let first = plans.plans[0]
      try await client.execute(
        uri: "/fp/v1/venues/office/units?key=reader&level=\(first.levelID)", method: .get
      ) { response in
        #expect(response.status == .ok)
        let units = try #require(Self.json(response)?.arrayValue)
        #expect(units.count == first.units.filter { !$0.isDerived }.count)
        #expect(units.allSatisfy { $0["level_id"]?.stringValue == first.levelID })
        let room = try #require(units.first { $0["name"]?.stringValue == "Room 0.01" })
        let unit = try #require(first.units.first { $0.name == "Room 0.01" })
        #expect(room["unit_id"]?.stringValue == unit.id)
        #expect(abs((room["x"]?.doubleValue ?? 0) - unit.anchorPoint.x) < 0.01)
      }
      try await client.execute(
        uri: "/fp/v1/venues/office/units?key=reader&level=nowhere", method: .get
      ) { response in #expect(response.status == .notFound) }
      try await client.execute(uri: "/fp/v1/venues/nowhere/levels?key=reader", method: .get) {
        response in
        #expect(response.status == .notFound)
      }
    }
  }

  @Test func readsNeedAValidKey() async throws {
    let fixture = try await ServiceFixture.shared.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      for path in [
        "/fp/v1/venues", "/fp/v1/venues/office", "/fp/v1/venues/office/levels",
        "/fp/v1/venues/office/surveys", "/fp/v1/venues/office/radiomap",
      ] {
        for key in ["", "?key=", "?key=nobody", "?key=revoked"] {
          try await client.execute(uri: path + key, method: .get) { response in
            #expect(response.status == .unauthorized, "\(path)\(key)")
            #expect(response.headers[.wwwAuthenticate] != nil)
            #expect(
              Self.json(response)?["error"]?["errors"]?.arrayValue?.first?["reason"]?.stringValue
                == "keyInvalid")
          }
        }
      }
    }
  }

  @Test func aKeyThatMayNotLocateIsForbiddenIndoorsAndInvalidToGoogleClients() async throws {
    let fixture = try await ServiceFixture.shared.value
    try await fixture.service.store.addKey(
      APIKey(key: "reads-only", name: "reads only", allowLocate: false, readVenues: ["office"]))
    let body = ServiceFixture.body(fixture.scans[0])
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/office/locate?key=reads-only", method: .post,
        body: ByteBuffer(string: body)
      ) { response in #expect(response.status == .forbidden) }
      // Google's API (and ichnaea) answer any key that will not do with 400 keyInvalid.
      try await client.execute(
        uri: "/v1/geolocate?key=reads-only", method: .post, body: ByteBuffer(string: body)
      ) { response in
        #expect(response.status == .badRequest)
        #expect(
          Self.json(response)?["error"]?["errors"]?.arrayValue?.first?["reason"]?.stringValue
            == "keyInvalid")
      }
      try await client.execute(uri: "/fp/v1/venues/office?key=reads-only", method: .get) {
        response in #expect(response.status == .ok)
      }
    }
  }

  @Test func theMapDownloadsWithItsETagAndAnswers304ToIt() async throws {
    let fixture = try await ServiceFixture.shared.value
    let record = try #require(fixture.service.catalog.entry("office")?.mapRecord)
    try await fixture.service.router().buildApplication().test(.router) { client in
      let etag = try await client.execute(
        uri: "/fp/v1/venues/office/radiomap?key=reader", method: .get
      ) { response -> String? in
        #expect(response.status == .ok)
        let file = fixture.folder.appending("download.fpmap")
        try Data(buffer: response.body).write(to: file)
        let map = try RadioMapFile.read(file)
        #expect(map.levels.count == fixture.service.catalog.entry("office")?.map?.levels.count)
        return response.headers[.eTag]
      }
      #expect(etag == record.etag)
      try await client.execute(
        uri: "/fp/v1/venues/office/radiomap?key=reader", method: .get,
        headers: [.ifNoneMatch: "\"other\", \(record.etag)"]
      ) { response in
        #expect(response.status == .notModified)
        #expect(response.body.readableBytes == 0)
      }
      try await client.execute(
        uri: "/fp/v1/venues/office/radiomap?key=reader", method: .get,
        headers: [.ifNoneMatch: "\"office-v0\""]
      ) { response in #expect(response.status == .ok) }
      try await client.execute(uri: "/fp/v1/venues/office?key=reader", method: .get) { response in
        #expect(Self.json(response)?["map"]?["etag"]?.stringValue == record.etag)
        #expect(Self.json(response)?["map"]?["path"] == nil)
      }
    }
  }

  @Test func appendsAreIdempotentByScanIDAndDownloadAsASurveyFile() async throws {
    // A venue of its own, so that the counts are this test's alone.
    let fixture = try await ServiceFixture.shared.value
    let venue = "office-ids"
    try await fixture.service.store.addKey(APIKey(key: "ids", name: "ids", writeVenues: [venue]))
    let archive = try #require(await fixture.service.store.venue("office")?.archive)
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/\(venue)?key=ids", method: .put, body: ByteBuffer(bytes: archive)
      ) { response in #expect(response.status == .created) }
      let body = [Self.scan("a", 1), Self.scan("b", 2), Self.scan(nil, 3)].joined(separator: "\n")
      try await client.execute(
        uri: "/fp/v1/venues/\(venue)/surveys?key=ids", method: .post, body: ByteBuffer(string: body)
      ) { response in
        #expect(Self.json(response)?["received"]?.intValue == 3)
        #expect(Self.json(response)?["added"]?.intValue == 3)
      }
      // Sent again, with one new scan and "a" resent with other content: only the new one adds.
      let again = [Self.scan("a", 9), Self.scan("b", 2), Self.scan(nil, 3), Self.scan("c", 4)]
        .joined(separator: "\n")
      try await client.execute(
        uri: "/fp/v1/venues/\(venue)/surveys?key=ids", method: .post,
        body: ByteBuffer(string: again)
      ) { response in #expect(Self.json(response)?["added"]?.intValue == 1) }
      // A line that is not a scan refuses the whole body: nothing of it is stored.
      try await client.execute(
        uri: "/fp/v1/venues/\(venue)/surveys?key=ids", method: .post,
        body: ByteBuffer(string: Self.scan("d", 5) + "\n{\"type\":\"scan\",\"t\":1}")
      ) { response in
        #expect(response.status == .badRequest)
        #expect(
          Self.json(response)?["error"]?["message"]?.stringValue?.contains("request body:2:")
            == true)
      }
      try await client.execute(uri: "/fp/v1/venues/\(venue)/surveys?key=ids", method: .get) {
        response in
        #expect(Self.json(response)?["scans"]?.intValue == 4)
        #expect(Self.json(response)?["devices"]?["p"]?.intValue == 4)
      }
      try await client.execute(
        uri: "/fp/v1/venues/\(venue)/surveys.ndjson?key=ids", method: .get
      ) { response in
        #expect(response.headers[.contentType] == "application/x-ndjson")
        let survey = SurveyFile.parse(Data(buffer: response.body), file: "download")
        #expect(survey.problems.isEmpty)
        #expect(survey.header?.venue == venue)
        #expect(survey.records.map(\.id) == ["a", "b", nil, "c"])
        #expect(survey.records.map(\.scan.time) == [1, 2, 3, 4])
      }
    }
  }

  @Test func aVenueWithNoWalkableLevelIsRefusedWithItsReport() async throws {
    let fixture = try await ServiceFixture.shared.value
    try await fixture.service.store.addKey(APIKey(key: "empty", name: "empty", writeVenues: ["*"]))
    // A manifest and a venue with no level at all.
    let folder = try TemporaryFolder("empty-venue")
    defer { folder.remove() }
    let source = folder.appending("imdf")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try #"{"version":"1.0.0","created":"2026-01-01T00:00:00Z","language":"en"}"#.write(
      to: source.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try #"""
    {"type":"FeatureCollection","features":[{"type":"Feature","id":"11111111-1111-1111-1111-111111111111","feature_type":"venue","geometry":{"type":"Polygon","coordinates":[[[24.9,60.1],[24.91,60.1],[24.91,60.11],[24.9,60.11],[24.9,60.1]]]},"properties":{"category":"businesscampus","name":{"en":"Nothing"},"display_point":{"type":"Point","coordinates":[24.905,60.105]},"address_id":null,"restriction":null,"hours":null,"phone":null,"website":null}}]}
    """#.write(
      to: source.appendingPathComponent("venue.geojson"), atomically: true, encoding: .utf8)
    let zip = folder.appending("empty.zip")
    try FileManager.default.zipItem(at: source, to: zip, shouldKeepParent: false)
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/empty?key=empty", method: .put,
        body: ByteBuffer(bytes: try Data(contentsOf: zip))
      ) { response in
        #expect(response.status == .unprocessableContent, "\(String(buffer: response.body))")
        #expect(Self.json(response)?["findings"]?.arrayValue != nil)
      }
      try await client.execute(uri: "/fp/v1/venues/empty?key=empty", method: .get) { response in
        #expect(response.status == .notFound)
      }
    }
  }
}
