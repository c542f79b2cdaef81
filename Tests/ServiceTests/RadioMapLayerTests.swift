import Fingerprints
import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import Service
import Testing

/// The radio map as the web map's layers: survey points and squares of the map's quality, in
/// WGS84, one level or all, for keys that may read the venue.
@Suite struct RadioMapLayerTests {
  @Test func surveyPointsAndQualitySquaresOfEachLevel() async throws {
    let fixture = try await ServiceFixture.shared.value
    let entry = try #require(fixture.service.catalog.entry("office"))
    let map = try #require(entry.map)
    let plans = try #require(entry.plans)
    try await fixture.service.router().buildApplication().test(.router) { client in
      var all: [JSONValue] = []
      try await client.execute(
        uri: "/fp/v1/venues/office/radiomap.geojson", method: .get,
        headers: [.authorization: "Bearer reader"]
      ) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/geo+json")
        all = WebMapTests.json(response)?["features"]?.arrayValue ?? []
      }
      let survey = all.filter { $0["properties"]?["kind"]?.stringValue == "survey" }
      let cells = all.filter { $0["properties"]?["kind"]?.stringValue == "cell" }
      #expect(survey.count == map.levels.reduce(0) { $0 + $1.points.count })
      #expect(survey.count + cells.count == all.count)
      let squares = map.levels.indices.reduce(0) { $0 + map.qualityGrid(level: $1).count }
      #expect(cells.count == squares && squares > 0)
      for cell in cells.prefix(200) {
        let p = try #require(cell["properties"])
        let ring = cell["geometry"]?["coordinates"]?.arrayValue?.first?.arrayValue ?? []
        #expect(ring.count == 5 && ring.first == ring.last)
        let lat = ring.first?.arrayValue?[1].doubleValue ?? 0
        #expect(abs(lat - 60.17) < 0.01)
        #expect((p["aps_heard"]?.doubleValue ?? -1) >= 0)
        #expect((p["size_m"]?.doubleValue ?? 0) > 0)
        // The bound is a distance or null (a place the map cannot tell from its neighbours).
        let bound = p["expected_error_m"]
        #expect(bound == .null || (bound?.doubleValue ?? -1) > 0)
      }
      // One level: only its features, and every one of them.
      let level = plans.plans[1]
      let mapLevel = try #require(map.levels.firstIndex { $0.levelID == level.levelID })
      try await client.execute(
        uri: "/fp/v1/venues/office/radiomap.geojson?level=\(level.levelID)", method: .get,
        headers: [.authorization: "Bearer reader"]
      ) { response in
        let features = WebMapTests.json(response)?["features"]?.arrayValue ?? []
        #expect(
          features.count
            == map.levels[mapLevel].points.count + map.qualityGrid(level: mapLevel).count)
        #expect(features.allSatisfy { $0["properties"]?["ordinal"]?.intValue == level.ordinal })
      }
    }
  }

  @Test func unknownVenuesLevelsAndKeysAreRefused() async throws {
    let fixture = try await ServiceFixture.shared.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      for (uri, key, status) in [
        ("office/radiomap.geojson?level=nowhere", "reader", HTTPResponse.Status.notFound),
        ("nowhere/radiomap.geojson", "reader", .notFound),
        ("office/radiomap.geojson", "locate", .forbidden),
      ] {
        try await client.execute(
          uri: "/fp/v1/venues/\(uri)", method: .get, headers: [.authorization: "Bearer \(key)"]
        ) { #expect($0.status == status, "\(uri)") }
      }
    }
  }
}
