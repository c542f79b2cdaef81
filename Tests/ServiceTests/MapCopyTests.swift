import FingerpostCore
import Fingerprints
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Service
import Store
import TestSupport
import Testing

/// Each instance keeps copies of the store's map files in its data folder. A data folder used
/// with another store (a new database, or PostgreSQL after SQLite) holds copies of that store's
/// maps, with the same venues and versions: they are never taken for this store's maps.
@Suite struct MapCopyTests {
  /// Uploads map `file` as map-only venue `campus` to a service on `data`; the stored record.
  static func upload(_ file: Data, data: String) async throws -> StoredRadioMap {
    let service = try await FingerprintService(
      configuration: ServiceConfiguration(dataFolder: data))
    try await service.store.addKey(APIKey(key: "w", name: "w", writeVenues: ["*"]))
    try await service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/campus/radiomap?key=w", method: .put, body: ByteBuffer(bytes: file)
      ) { response in #expect(response.status == .created) }
    }
    return try #require(try await service.store.newestMap(venue: "campus"))
  }

  @Test func aCopyOfAnotherStoresMapOfTheSameVersionIsNotUsed() async throws {
    let folder = try TemporaryFolder("map-copy")
    defer { folder.remove() }
    let data = folder.appending("data").path
    let other = folder.appending("other").path
    let dense = try MapOnlyVenueTests.mapFile(in: folder, spacing: 2)
    let sparse = try MapOnlyVenueTests.mapFile(in: folder, spacing: 5)
    // The data folder's first store: version 1 is the dense map, copied into `data/maps`.
    let first = try await Self.upload(dense, data: data)
    // Another store's version 1 is the sparse map. It replaces the data folder's database;
    // the first store's copy stays in `data/maps`.
    let second = try await Self.upload(sparse, data: other)
    #expect(first.version == 1 && second.version == 1 && first.digest != second.digest)
    for suffix in ["", "-wal", "-shm"] {
      let name = "fingerpost.sqlite" + suffix
      try? FileManager.default.removeItem(atPath: "\(data)/\(name)")
      if FileManager.default.fileExists(atPath: "\(other)/\(name)") {
        try FileManager.default.copyItem(atPath: "\(other)/\(name)", toPath: "\(data)/\(name)")
      }
    }
    let copies = try FileManager.default.contentsOfDirectory(atPath: "\(data)/maps")
    #expect(copies.count == 1)

    let service = try await FingerprintService(
      configuration: ServiceConfiguration(dataFolder: data))
    let map = try #require(service.catalog.entry("campus")?.map)
    let expected = try RadioMapFile.read(sparse, file: "sparse")
    #expect(map.levels.map(\.points.count) == expected.levels.map(\.points.count))
    #expect(
      map.levels.map(\.points.count)
        != (try RadioMapFile.read(dense, file: "dense")).levels.map(\.points.count))
    // Its own copy of the store's bytes now sits beside the other store's.
    let stored = try #require(try await service.store.mapFile(venue: "campus", version: 1))
    let now = try FileManager.default.contentsOfDirectory(atPath: "\(data)/maps").sorted()
    #expect(now.count == 2)
    let bytes = now.map { FileManager.default.contents(atPath: "\(data)/maps/\($0)") }
    #expect(bytes.contains(stored))
  }
}
