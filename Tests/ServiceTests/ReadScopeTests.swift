import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Store
import Testing

/// Keys read only the venues they are given (or write): a locate-only key or another venue's key
/// lists nothing of the office and downloads none of its survey, map, levels or jobs.
@Suite struct ReadScopeTests {
  static func json(_ response: TestResponse) -> JSONValue? {
    try? JSONParser.parse(Data(buffer: response.body))
  }

  @Test func aKeyListsAndReadsOnlyTheVenuesItMayRead() async throws {
    let fixture = try await ServiceFixture.shared.value
    try await fixture.service.store.addKey(
      APIKey(key: "lab-reader", name: "lab", allowLocate: false, readVenues: ["lab"]))
    try await fixture.service.router().buildApplication().test(.router) { client in
      for key in ["locate", "lab-reader"] {
        try await client.execute(uri: "/fp/v1/venues?key=\(key)", method: .get) { response in
          #expect(response.status == .ok)
          #expect(Self.json(response)?.arrayValue?.isEmpty == true)
        }
        for path in [
          "", "/levels", "/units", "/validation", "/surveys", "/surveys.ndjson", "/radiomap",
        ] {
          try await client.execute(uri: "/fp/v1/venues/office\(path)?key=\(key)", method: .get) {
            response in
            #expect(response.status == .forbidden, "\(key) reading office\(path)")
            #expect(!String(buffer: response.body).contains("Room 0.01"))
          }
        }
      }
      for key in ["reader", "writer"] {
        try await client.execute(uri: "/fp/v1/venues?key=\(key)", method: .get) { response in
          let ids = Self.json(response)?.arrayValue?.compactMap { $0["id"]?.stringValue }
          #expect(ids?.contains("office") == true, "\(key)")
        }
        try await client.execute(
          uri: "/fp/v1/venues/office/surveys.ndjson?key=\(key)", method: .get
        ) { response in #expect(response.status == .ok, "\(key)") }
      }
      // A venue the key may read but that is not loaded is not found, as for any key.
      try await client.execute(uri: "/fp/v1/venues/lab?key=lab-reader", method: .get) {
        response in #expect(response.status == .notFound)
      }
    }
  }

  @Test func aMapBuildJobIsReadOnlyByKeysThatReadItsVenue() async throws {
    let fixture = try await ServiceFixture.shared.value
    // A job that is over (a queued one would be taken and rebuild the shared fixture's map).
    var done = MapBuildJob(id: "scope-job", venue: "office")
    done.state = .failed
    done.message = "a test's"
    try await fixture.service.store.saveJob(done)
    let job = done.id
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(uri: "/fp/v1/jobs/\(job)?key=locate", method: .get) { response in
        #expect(response.status == .forbidden)
      }
      try await client.execute(uri: "/fp/v1/jobs/\(job)?key=reader", method: .get) { response in
        #expect(response.status == .ok)
        #expect(Self.json(response)?["venue"]?.stringValue == "office")
      }
    }
  }
}
