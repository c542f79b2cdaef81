import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Store
import TestSupport
import Testing

/// `DELETE /fp/v1/venues/{id}`: a key that writes the venue removes it with its map (the store's
/// and any copy in the data folder); locating there and reading it fail afterwards, other venues
/// stay.
@Suite struct VenueDeletionTests {
  @Test func aDeletedVenueIsGoneWithItsMapAndOthersStay() async throws {
    let folder = try TemporaryFolder("delete")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder,
      keys: [
        APIKey(key: "w", name: "w", writeVenues: ["*"]),
        APIKey(key: "other", name: "o", writeVenues: ["elsewhere"]),
      ])
    let file = try MapOnlyVenueTests.mapFile(in: folder, spacing: 5)
    let maps = folder.appending("data/maps")
    try await service.router().buildApplication().test(.router) { client in
      for id in ["campus", "campus-v2"] {
        try await client.execute(
          uri: "/fp/v1/venues/\(id)/radiomap?key=w", method: .put, body: ByteBuffer(bytes: file)
        ) { response in #expect(response.status == .created) }
      }
      // The SQLite store keeps the only copy of its maps: the folder holds none of its own.
      // Copies an older Fingerpost left there (named as `MapFiles.copy` names them) go with a venue.
      #expect((try? FileManager.default.contentsOfDirectory(atPath: maps.path)) ?? [] == [])
      try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
      for name in ["campus-v1-0123456789abcdef.fpmap", "campus-v2-v1.fpmap"] {
        try file.write(to: maps.appendingPathComponent(name))
      }
      try await client.execute(uri: "/fp/v1/venues/campus?key=other", method: .delete) {
        response in #expect(response.status == .forbidden)
      }
      try await client.execute(uri: "/fp/v1/venues/campus?key=w", method: .delete) { response in
        #expect(response.status == .noContent)
      }
      try await client.execute(uri: "/fp/v1/venues/campus?key=w", method: .delete) { response in
        #expect(response.status == .notFound)
      }
      for path in ["", "/radiomap", "/levels"] {
        try await client.execute(uri: "/fp/v1/venues/campus\(path)?key=w", method: .get) {
          response in #expect(response.status == .notFound, "\(path)")
        }
      }
      try await client.execute(uri: "/fp/v1/venues?key=w", method: .get) { response in
        let ids = try JSONParser.parse(Data(buffer: response.body)).arrayValue?.compactMap {
          $0["id"]?.stringValue
        }
        #expect(ids == ["campus-v2"])
      }
    }
    // Only the deleted venue's copy went (campus-v2's name starts alike).
    let copies = try FileManager.default.contentsOfDirectory(atPath: maps.path)
    #expect(copies == ["campus-v2-v1.fpmap"])
    #expect(service.catalog.entry("campus") == nil && service.catalog.entry("campus-v2") != nil)
    #expect(try await service.store.newestMap(venue: "campus") == nil)
  }
}
