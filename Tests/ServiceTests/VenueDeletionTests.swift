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
/// and this instance's copy); locating there and reading it fail afterwards, other venues stay.
@Suite struct VenueDeletionTests {
  @Test func aDeletedVenueIsGoneWithItsMapAndOthersStay() async throws {
    let folder = try TemporaryFolder("delete")
    defer { folder.remove() }
    let service = try await FingerprintService(
      configuration: ServiceConfiguration(dataFolder: folder.appending("data").path))
    try await service.store.addKey(APIKey(key: "w", name: "w", writeVenues: ["*"]))
    try await service.store.addKey(APIKey(key: "other", name: "o", writeVenues: ["elsewhere"]))
    let file = try MapOnlyVenueTests.mapFile(in: folder, spacing: 5)
    let maps = folder.appending("data/maps")
    try await service.router().buildApplication().test(.router) { client in
      for id in ["campus", "campus-v2"] {
        try await client.execute(
          uri: "/fp/v1/venues/\(id)/radiomap?key=w", method: .put, body: ByteBuffer(bytes: file)
        ) { response in #expect(response.status == .created) }
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: maps.path).count == 2)
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
    #expect(copies.count == 1 && copies[0].hasPrefix("campus-v2-v1"))
    #expect(service.catalog.entry("campus") == nil && service.catalog.entry("campus-v2") != nil)
    #expect(try await service.store.newestMap(venue: "campus") == nil)
  }
}
