import Foundation
import Store
import TestSupport
import Testing

/// The store keeps keys, counts, venues, surveys, maps and jobs, and survives being reopened.
/// (One suite for every store: issue 16 adds PostgreSQL beside SQLite.)
@Suite struct SQLiteStoreTests {
  @Test func keysAreAddedListedRevokedAndCountedPerDay() async throws {
    let folder = try TemporaryFolder("store")
    defer { folder.remove() }
    let store = try SQLiteStore(path: folder.appending("db.sqlite").path)
    try await store.addKey(APIKey(key: "a", name: "A", writeVenues: ["office", "mall"]))
    try await store.addKey(APIKey(key: "b", name: "B", allowLocate: false, dailyLimit: 10))
    await #expect(throws: (any Error).self) {
      try await store.addKey(APIKey(key: "a", name: "again"))
    }
    #expect(try await store.keys().map(\.key) == ["a", "b"])
    let a = try #require(try await store.key("a"))
    #expect(a.mayWrite(venue: "mall") && !a.mayWrite(venue: "other"))
    #expect(try await store.key("b")?.dailyLimit == 10)
    #expect(try await store.key("b")?.allowLocate == false)
    #expect(try await store.revokeKey("a"))
    #expect(!(try await store.revokeKey("nope")))
    #expect(try await store.key("a")?.revoked == true)
    #expect(try await store.key("a")?.mayWrite(venue: "mall") == false)
    #expect(try await store.requests(key: "b", day: "2026-11-24") == 0)
    #expect(try await store.countRequest(key: "b", day: "2026-11-24", by: 3) == 3)
    #expect(try await store.countRequest(key: "b", day: "2026-11-24", by: 2) == 5)
    #expect(try await store.countRequest(key: "b", day: "2026-11-25", by: 1) == 1)
    #expect(try await store.requests(key: "b", day: "2026-11-24") == 5)
  }

  @Test func surveyAppendsAreIdempotentByRecordIdAndKeepTheirOrder() async throws {
    let folder = try TemporaryFolder("store")
    defer { folder.remove() }
    let path = folder.appending("db.sqlite").path
    do {
      let store = try SQLiteStore(path: path)
      #expect(try await store.putVenue(StoredVenue(id: "v", name: "V", archive: Data([1, 2]))))
      #expect(!(try await store.putVenue(StoredVenue(id: "v", name: "V2", archive: Data([3])))))
      #expect(
        try await store.appendSurvey(venue: "v", records: [("1", "one"), ("2", "two")]) == 2)
      #expect(
        try await store.appendSurvey(venue: "v", records: [("2", "two"), ("3", "three")]) == 1)
      // The same record id in another venue is another record.
      #expect(try await store.appendSurvey(venue: "w", records: [("1", "other")]) == 1)
    }
    // Reopened: everything acknowledged is there, once.
    let store = try SQLiteStore(path: path)
    #expect(try await store.surveyLines(venue: "v") == ["one", "two", "three"])
    #expect(try await store.venue("v")?.name == "V2")
    #expect(try await store.venue("v")?.archive == Data([3]))
    let listing = try await store.venues()
    #expect(listing.map(\.id) == ["v"])
    #expect(listing.first?.surveyScans == 3 && listing.first?.archiveBytes == 1)
    #expect(listing.first?.mapVersion == nil)
  }

  @Test func theNewestMapOfEachVenueAndJobsAreKept() async throws {
    let folder = try TemporaryFolder("store")
    defer { folder.remove() }
    let store = try SQLiteStore(path: folder.appending("db.sqlite").path)
    let built = Date(timeIntervalSince1970: 1_800_000_000)
    for (venue, version) in [("v", 1), ("v", 2), ("w", 1)] {
      try await store.addMap(
        StoredRadioMap(
          venue: venue, version: version, etag: "\"\(venue)-\(version)\"", path: "/m", scans: 10,
          built: built))
    }
    await #expect(throws: (any Error).self) {
      try await store.addMap(
        StoredRadioMap(venue: "v", version: 2, etag: "x", path: "/m", scans: 1, built: built))
    }
    #expect(try await store.newestMap(venue: "v")?.version == 2)
    #expect(try await store.newestMap(venue: "none") == nil)
    #expect(try await store.newestMaps().map { "\($0.venue)\($0.version)" } == ["v2", "w1"])
    var job = MapBuildJob(id: "j", venue: "v", created: built)
    try await store.saveJob(job)
    #expect(try await store.job("j")?.state == .queued)
    job.state = .done
    job.progress = 1
    job.mapVersion = 2
    try await store.saveJob(job)
    let saved = try #require(try await store.job("j"))
    #expect(saved.state == .done && saved.progress == 1 && saved.mapVersion == 2)
    #expect(try await store.job("other") == nil)
  }

  @Test func aFileThatIsNotADatabaseIsAClearError() throws {
    let folder = try TemporaryFolder("store")
    defer { folder.remove() }
    let path = folder.appending("db.sqlite").path
    try Data("not sqlite at all, just text".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: (any Error).self) { try SQLiteStore(path: path) }
    do {
      _ = try SQLiteStore(path: path)
    } catch {
      #expect("\(error)".contains(path))
    }
  }
}
