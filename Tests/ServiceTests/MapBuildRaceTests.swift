import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Store
import TestSupport
import Testing

@testable import Service

/// Map builds started together each install a version of their own, and their job messages
/// never show the store's SQL (issue 32).
@Suite struct MapBuildRaceTests {
  @Test func buildsStartedTogetherAllFinishWithDistinctVersions() async throws {
    let folder = try TemporaryFolder("build-race")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["office"])])
    let zip = try ServiceFixture.officeZip(in: folder)
    // A small survey keeps each debug build quick.
    let survey = try ServiceFixture.officeSurvey().prefix(40)
    let builds = 6
    try await service.router().buildApplication().test(.router) { client in
      try await ServiceFixture.uploadOffice(to: client, key: "w", zip: zip, survey: survey)
      let jobs = try await withThrowingTaskGroup(of: String?.self) { group in
        for _ in 0..<builds {
          group.addTask {
            try await client.execute(
              uri: "/fp/v1/venues/office/radiomap:build?key=w", method: .post
            ) { $0.headers[.location] }
          }
        }
        return try await group.reduce(into: [String]()) { all, location in
          if let location { all.append(location) }
        }
      }
      #expect(jobs.count == builds)
      var versions: [Int] = []
      for location in jobs {
        var state = "queued"
        for _ in 0..<600 where state == "queued" || state == "running" {
          try await client.execute(uri: location + "?key=w", method: .get) { response in
            let job = try JSONParser.parse(Data(buffer: response.body))
            state = job["state"]?.stringValue ?? "?"
            let message = job["message"]?.stringValue ?? ""
            #expect(!message.contains("SQL") && !message.contains("INSERT"), "\(message)")
            if state == "done", let version = job["mapVersion"]?.intValue {
              versions.append(version)
            }
          }
          if state == "queued" || state == "running" {
            try await Task.sleep(for: .milliseconds(100))
          }
        }
        #expect(state == "done")
      }
      #expect(versions.sorted() == Array(1...builds))
    }
  }
}

extension MapBuildRaceTests {
  @Test func aMapBuiltWhileItsVenueWasReplacedIsNotInstalled() async throws {
    let folder = try TemporaryFolder("build-replaced")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["office"])])
    let zip = try ServiceFixture.officeZip(in: folder)
    try await service.router().buildApplication().test(.router) { client in
      try await ServiceFixture.uploadOffice(
        to: client, key: "w", zip: zip, survey: try ServiceFixture.officeSurvey().prefix(40))
    }
    // The venue is stored again after this instance loaded it (as an upload to another
    // instance, or one finishing during the build, does); then the build runs.
    let stored = try #require(try await service.store.venue("office"))
    _ = try await service.store.putVenue(
      StoredVenue(
        id: "office", name: stored.name, archive: stored.archive,
        updated: stored.updated.addingTimeInterval(5)))
    let job = MapBuildJob(id: "replaced", venue: "office")
    try await service.store.saveJob(job)
    await service.library.runBuild(job)
    let ended = try #require(try await service.store.job("replaced"))
    #expect(ended.state == .failed)
    #expect(ended.message?.contains("was replaced while its map was built") == true)
    let installed = service.catalog.entry("office")?.mapRecord?.version
    #expect(installed == nil)
    #expect(try await service.store.newestMap(venue: "office") == nil)
  }

  @Test func aBuildThatWouldNotFitInMemoryFailsWithTheEstimate() async throws {
    let folder = try TemporaryFolder("build-memory")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["office"])]
    ) { $0.mapBuildMemory = 1 << 20 }
    let zip = try ServiceFixture.officeZip(in: folder)
    let survey = try ServiceFixture.officeSurvey().prefix(40)
    try await service.router().buildApplication().test(.router) { client in
      try await ServiceFixture.uploadOffice(to: client, key: "w", zip: zip, survey: survey)
      let location = try await client.execute(
        uri: "/fp/v1/venues/office/radiomap:build?key=w", method: .post
      ) { $0.headers[.location] }
      var job: JSONValue?
      for _ in 0..<600 {
        try await client.execute(uri: (location ?? "") + "?key=w", method: .get) { response in
          job = try JSONParser.parse(Data(buffer: response.body))
        }
        let state = job?["state"]?.stringValue
        if state != "queued" && state != "running" { break }
        try await Task.sleep(for: .milliseconds(50))
      }
      // The office's three 60 × 45 m levels on a 1 m grid need about 1.3 MB of cells alone.
      #expect(job?["state"]?.stringValue == "failed")
      let message = job?["message"]?.stringValue ?? ""
      #expect(message.contains("needs about") && message.contains("is available"), "\(message)")
      // The way out is the service's (upload a map built elsewhere), not the command line's.
      #expect(
        message.contains("PUT /fp/v1/venues/office/radiomap") && !message.contains("--grid ("))
      try await client.execute(uri: "/fp/v1/venues/office/radiomap?key=w", method: .get) {
        #expect($0.status == .notFound)
      }
    }
  }
}
