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

/// A store of one instance (SQLite) keeps the only copy of its maps: the data folder gets none,
/// and a file there with the name a copy would have (left by an older Fingerpost, or by another
/// store the folder was used with) never stands in for the store's map. (Instances sharing a
/// PostgreSQL store each keep copies named by the bytes' digest.)
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

  @Test func theStoresBytesAreTheMapAndNoCopyIsKept() async throws {
    let folder = try TemporaryFolder("map-copy")
    defer { folder.remove() }
    let data = folder.appending("data").path
    let other = folder.appending("other").path
    let dense = try MapOnlyVenueTests.mapFile(in: folder, spacing: 2)
    let sparse = try MapOnlyVenueTests.mapFile(in: folder, spacing: 5)
    _ = try await Self.upload(dense, data: data)
    #expect((try? FileManager.default.contentsOfDirectory(atPath: "\(data)/maps")) ?? [] == [])
    // Another store's version 1 is the sparse map. It replaces the data folder's database, and
    // a stale file named as its copy would be holds the dense map.
    let second = try await Self.upload(sparse, data: other)
    for suffix in ["", "-wal", "-shm"] {
      let name = "fingerpost.sqlite" + suffix
      try? FileManager.default.removeItem(atPath: "\(data)/\(name)")
      if FileManager.default.fileExists(atPath: "\(other)/\(name)") {
        try FileManager.default.copyItem(atPath: "\(other)/\(name)", toPath: "\(data)/\(name)")
      }
    }
    let digest = try #require(second.digest)
    try FileManager.default.createDirectory(
      atPath: "\(data)/maps", withIntermediateDirectories: true)
    try dense.write(to: URL(fileURLWithPath: "\(data)/maps/campus-v1-\(digest.prefix(16)).fpmap"))

    let service = try await FingerprintService(
      configuration: ServiceConfiguration(dataFolder: data))
    let map = try #require(service.catalog.entry("campus")?.map)
    let expected = try RadioMapFile.read(sparse, file: "sparse")
    #expect(map.levels.map(\.points.count) == expected.levels.map(\.points.count))
    #expect(
      map.levels.map(\.points.count)
        != (try RadioMapFile.read(dense, file: "dense")).levels.map(\.points.count))
  }
}
