import FingerpostCore
import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Testing

/// What the web map needs from the service: its page at `/` (Leaflet at `/leaflet/`), the units
/// as GeoJSON with their place cards, and the key in an `Authorization: Bearer` header.
@Suite struct WebMapTests {
  static func json(_ response: TestResponse) -> JSONValue? {
    try? JSONParser.parse(Data(buffer: response.body))
  }

  @Test func thePageAndItsScriptAreServedAndUnknownPathsAreStill404() async throws {
    let fixture = try await ServiceFixture.shared.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
        let page = String(buffer: response.body)
        #expect(page.contains(#"src="/map.js""#) && page.contains(#"src="/leaflet/leaflet.js""#))
      }
      try await client.execute(uri: "/map.js", method: .get) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains("units.geojson"))
      }
      try await client.execute(uri: "/no-such-file.js", method: .get) {
        #expect($0.status == .notFound)
      }
      // An API path that is not found stays the API's answer.
      try await client.execute(uri: "/fp/v1/venues/nowhere/levels?key=reader", method: .get) {
        #expect($0.status == .notFound)
        #expect(Self.json($0)?["error"]?["code"]?.intValue == 404)
      }
    }
  }

  @Test func unitsAsGeoJSONCarryShapesInWGS84AndPlaceCards() async throws {
    let fixture = try await ServiceFixture.shared.value
    let plans = try #require(fixture.service.catalog.entry("office")?.plans)
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/office/units.geojson", method: .get,
        headers: [.authorization: "Bearer reader"]
      ) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/geo+json")
        let json = try #require(Self.json(response))
        #expect(json["type"]?.stringValue == "FeatureCollection")
        let features = try #require(json["features"]?.arrayValue)
        #expect(features.count == plans.plans.reduce(0) { $0 + $1.units.count })
        for feature in features {
          let rings = feature["geometry"]?["coordinates"]?.arrayValue?.first?.arrayValue ?? []
          let ring = rings.first?.arrayValue ?? []
          // Closed rings of [longitude, latitude] in Helsinki, where the office is.
          #expect(ring.count >= 4 && ring.first == ring.last)
          let lon = ring.first?.arrayValue?[0].doubleValue ?? 0
          let lat = ring.first?.arrayValue?[1].doubleValue ?? 0
          #expect(abs(lat - 60.17) < 0.01 && abs(lon - 24.939) < 0.01)
        }
        // Fingerpost Labs occupies a unit: its card names it, with its level.
        let occupied = features.first {
          $0["properties"]?["occupants"]?.arrayValue?.contains(.string("Fingerpost Labs")) == true
        }
        let card = try #require(occupied?["properties"])
        let unit = try #require(
          plans.plans.flatMap(\.units).first { $0.id == card["unit_id"]?.stringValue })
        #expect(card["category"]?.stringValue == unit.category)
        #expect(card["level_name"]?.stringValue?.isEmpty == false)
        let derived = features.filter { $0["properties"]?["derived"]?.boolValue == true }
        #expect(derived.count == plans.plans.flatMap(\.units).filter(\.isDerived).count)
      }
      let level = plans.plans[1]
      try await client.execute(
        uri: "/fp/v1/venues/office/units.geojson?level=\(level.levelID)", method: .get,
        headers: [.authorization: "Bearer reader"]
      ) { response in
        let features = Self.json(response)?["features"]?.arrayValue ?? []
        #expect(features.count == level.units.count)
        #expect(features.allSatisfy { $0["properties"]?["ordinal"]?.intValue == level.ordinal })
      }
      try await client.execute(
        uri: "/fp/v1/venues/office/units.geojson?level=nowhere", method: .get,
        headers: [.authorization: "Bearer reader"]
      ) { #expect($0.status == .notFound) }
    }
  }

  @Test func aBearerKeyIsAKeyAndNoKeyIsRefused() async throws {
    let fixture = try await ServiceFixture.shared.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(uri: "/fp/v1/venues/office/units.geojson", method: .get) {
        #expect($0.status == .unauthorized)
      }
      // A locate-only key may not read the venue, whichever way it comes.
      try await client.execute(
        uri: "/fp/v1/venues/office/units.geojson", method: .get,
        headers: [.authorization: "Bearer locate"]
      ) { #expect($0.status == .forbidden) }
      try await client.execute(
        uri: "/fp/v1/venues/office/units.geojson", method: .get,
        headers: [.authorization: "Basic cmVhZGVyOg=="]
      ) { #expect($0.status == .unauthorized) }
      let body = ServiceFixture.body(fixture.scans[0])
      try await client.execute(
        uri: "/v1/geolocate", method: .post, headers: [.authorization: "bearer locate"],
        body: ByteBuffer(string: body)
      ) { #expect($0.status == .ok) }
    }
  }
}
