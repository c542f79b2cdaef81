import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Service
import Store
import TestSupport
import Testing

/// Old map versions do not pile up: each new version keeps the newest three in the store (the
/// only copy with SQLite), and any older one a stored tracking session still locates with.
@Suite struct MapPruningTests {
  @Test func theNewestThreeAndThoseInUseAreKept() async throws {
    let folder = try TemporaryFolder("pruning")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["*"])])
    let file = try MapOnlyVenueTests.mapFile(in: folder, spacing: 5)
    let maps = folder.appending("data/maps")
    @Sendable func versions() async throws -> (stored: [Int], copies: [String]) {
      var stored: [Int] = []
      for v in 1...8 where try await service.store.map(venue: "campus", version: v) != nil {
        stored.append(v)
      }
      let copies = ((try? FileManager.default.contentsOfDirectory(atPath: maps.path)) ?? [])
        .filter { $0.hasSuffix(".fpmap") }.map { String($0.prefix(9)) }.sorted()
      return (stored, copies)
    }
    try await service.router().buildApplication().test(.router) { client in
      func upload() async throws {
        try await client.execute(
          uri: "/fp/v1/venues/campus/radiomap?key=w", method: .put, body: ByteBuffer(bytes: file)
        ) { response in #expect(response.status == .created || response.status == .ok) }
      }
      for _ in 0..<5 { try await upload() }
      var now = try await versions()
      #expect(now.stored == [3, 4, 5])
      // Kept once, in the store: the data folder holds no copy.
      #expect(now.copies == [])
      #expect(try await service.store.mapFile(venue: "campus", version: 2) == nil)
      // A session stored with version 4 keeps it (and what is newer) past later versions.
      try await service.store.addSession(
        StoredSession(
          id: "s", venue: "campus", instance: "i",
          parameters: #"{"venue":"campus","seed":1,"particles":10,"map_version":4}"#))
      for _ in 0..<3 { try await upload() }
      now = try await versions()
      #expect(now.stored == [4, 5, 6, 7, 8])
      #expect(now.copies == [])
    }
  }

  /// A download that finds its version gone (pruned or deleted beside it, before the catalog
  /// heard) answers with the store's newest map, or 404 when there is none: never a 503.
  @Test func aDownloadWhoseVersionWasRemovedAnswersTheNewestOrNone() async throws {
    let folder = try TemporaryFolder("pruned-download")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["*"])])
    let file = try MapOnlyVenueTests.mapFile(in: folder, spacing: 5)
    try await service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/campus/radiomap?key=w", method: .put, body: ByteBuffer(bytes: file)
      ) { response in #expect(response.status == .created) }
      // Another instance stores version 2 and prunes version 1; this one has not heard yet.
      try await service.store.addMap(
        StoredRadioMap(
          venue: "campus", version: 2, etag: "\"campus-v2\"", path: "", scans: 1, built: Date()),
        file: Data(file))
      #expect(try await service.store.removeMaps(venue: "campus", before: 2) == [1])
      try await client.execute(uri: "/fp/v1/venues/campus/radiomap?key=w", method: .get) {
        response in
        #expect(response.status == .ok)
        #expect(response.headers[.eTag] == "\"campus-v2\"")
        #expect(Data(buffer: response.body) == Data(file))
      }
      // Then the venue is deleted there: nothing to download.
      #expect(try await service.store.deleteVenue("campus"))
      try await client.execute(uri: "/fp/v1/venues/campus/radiomap?key=w", method: .get) {
        response in #expect(response.status == .notFound)
      }
    }
  }
}
