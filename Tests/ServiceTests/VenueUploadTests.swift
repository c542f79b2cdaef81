import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Store
import TestSupport
import Testing
import ZIPFoundation

/// `PUT /fp/v1/venues/{id}` takes real IMDF (PolyMap, drawn by people, with validation errors
/// the library copes with) and refuses what is not IMDF.
@Suite struct VenueUploadTests {
  @Test func polyMapUploadsAndListsItsLevels() async throws {
    guard let polymap = RepositoryPaths.polymap else {
      print("skipped: ../shared/data/imdf-polymap is absent")
      return
    }
    let folder = try TemporaryFolder("upload")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["*"])])
    let zip = folder.appending("polymap.zip")
    try FileManager.default.zipItem(
      at: URL(fileURLWithPath: polymap), to: zip, shouldKeepParent: false)
    try await service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/polymap?key=w", method: .put,
        body: ByteBuffer(bytes: try Data(contentsOf: zip))
      ) {
        #expect($0.status == .created, "\(String(buffer: $0.body))")
        let json = try JSONParser.parse(Data(buffer: $0.body))
        // PolyMap has units without a level and geometry outside its level's outline.
        #expect((json["errors"]?.intValue ?? 0) > 0)
        #expect((json["levels"]?.intValue ?? 0) >= 7)
      }
      try await client.execute(uri: "/fp/v1/venues/polymap/validation?key=w", method: .get) {
        let json = try JSONParser.parse(Data(buffer: $0.body))
        #expect($0.status == .ok)
        let findings = json["findings"]?.arrayValue ?? []
        #expect(findings.count > 100)
        // As `venue validate` reports it: with the open walkway and the door Fingerpost derived.
        let messages = findings.compactMap { $0["message"]?.stringValue }
        #expect(messages.contains { $0.contains("walked as an open walkway") })
        #expect(messages.contains { $0.hasPrefix("1 unit that no opening reaches") })
      }
      try await client.execute(uri: "/fp/v1/venues/polymap?key=w", method: .get) {
        let json = try JSONParser.parse(Data(buffer: $0.body))
        #expect($0.status == .ok)
        #expect((json["levels"]?.arrayValue?.count ?? 0) >= 7)
        #expect(json["map"] == nil)
      }
      // Not a zip; a venue id with a slash-free but illegal character; no write right.
      try await client.execute(
        uri: "/fp/v1/venues/polymap?key=w", method: .put, body: ByteBuffer(string: "not a zip")
      ) { #expect($0.status == .badRequest) }
      try await client.execute(
        uri: "/fp/v1/venues/poly%20map?key=w", method: .put,
        body: ByteBuffer(bytes: try Data(contentsOf: zip))
      ) { #expect($0.status == .badRequest) }
      try await client.execute(
        uri: "/fp/v1/venues/other?key=none", method: .put,
        body: ByteBuffer(bytes: try Data(contentsOf: zip))
      ) { #expect($0.status == .unauthorized) }
    }
    #expect(try await service.store.venues().map(\.id) == ["polymap"])
  }
}

/// A zip of a few kilobytes that inflates to millions of JSON values is refused (413) before it
/// is stored, instead of being kept and loaded again at every start.
@Suite struct VenueBombTests {
  @Test func anArchiveOverTheLoadersLimitsIs413AndNotStored() async throws {
    let folder = try TemporaryFolder("bomb")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["*"])]
    ) { configuration in
      configuration.venueLimits.values = 200_000
    }
    // The office, with a fixture file of 300,000 zeros.
    let venue = folder.appending("venue")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: RepositoryPaths.sampleVenue("office")), to: venue)
    let zeros = "[" + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]"
    try Data(zeros.utf8).write(to: venue.appendingPathComponent("fixture.geojson"))
    let zip = folder.appending("bomb.zip")
    try FileManager.default.zipItem(
      at: venue, to: zip, shouldKeepParent: false, compressionMethod: .deflate)
    let bytes = try Data(contentsOf: zip)
    #expect(bytes.count < 50_000)
    try await service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/bomb?key=w", method: .put, body: ByteBuffer(bytes: bytes)
      ) { response in
        #expect(response.status == .contentTooLarge)
        #expect(String(buffer: response.body).contains("more than 200000 JSON values"))
      }
    }
    #expect(try await service.store.venues().isEmpty)
    #expect(service.catalog.entry("bomb") == nil)
  }

  @Test func aLevelOfStackedUnitsIs413AndNotStored() async throws {
    let folder = try TemporaryFolder("stacked-upload")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["*"])])
    let venue = try StackedVenue.write(copies: 600, to: folder.appending("venue"))
    let zip = folder.appending("stacked.zip")
    try FileManager.default.zipItem(
      at: venue, to: zip, shouldKeepParent: false, compressionMethod: .deflate)
    try await service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/stacked?key=w", method: .put,
        body: ByteBuffer(bytes: try Data(contentsOf: zip))
      ) { response in
        #expect(response.status == .contentTooLarge)
        #expect(String(buffer: response.body).contains("overlap one another too many times"))
      }
    }
    #expect(try await service.store.venues().isEmpty)
    #expect(service.catalog.entry("stacked") == nil)
  }
}
