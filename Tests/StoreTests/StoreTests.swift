import Foundation
import Store
import TestSupport
import Testing

/// Every store keeps keys, counts, venues, surveys, maps and jobs, and what it acknowledged
/// survives being reopened: the same suite against SQLite and against a real PostgreSQL server.
@Suite struct StoreTests {
  @Test(arguments: StoreKind.available)
  func keysAreAddedListedRevokedAndCountedPerDay(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    try await store.addKey(APIKey(key: "a", name: "A", writeVenues: ["office", "mall"]))
    try await store.addKey(
      APIKey(key: "b", name: "B", allowLocate: false, readVenues: ["lab"], dailyLimit: 10))
    await #expect(throws: (any Error).self) {
      try await store.addKey(APIKey(key: "a", name: "again"))
    }
    let a = APIKey.hash("a")
    let b = APIKey.hash("b")
    #expect(try await store.keys().map(\.name) == ["A", "B"])
    #expect(try await store.keys().map(\.hash) == [a, b])
    let first = try #require(try await store.key(hash: a))
    #expect(first.mayWrite(venue: "mall") && !first.mayWrite(venue: "other"))
    #expect(first.mayRead(venue: "mall") && !first.mayRead(venue: "lab"))
    #expect(try await store.key(hash: b)?.readVenues == ["lab"])
    #expect(try await store.key(hash: b)?.mayRead(venue: "lab") == true)
    #expect(try await store.key(hash: b)?.dailyLimit == 10)
    #expect(try await store.key(hash: b)?.allowLocate == false)
    #expect(try await store.key(hash: "a") == nil)
    #expect(try await store.revokeKey(hash: a))
    #expect(!(try await store.revokeKey(hash: APIKey.hash("nope"))))
    #expect(try await store.key(hash: a)?.revoked == true)
    #expect(try await store.key(hash: a)?.mayWrite(venue: "mall") == false)
    #expect(try await store.key(hash: a)?.mayRead(venue: "mall") == false)
    #expect(try await store.requests(key: "b", day: "2026-11-24") == 0)
    #expect(try await store.countRequest(key: "b", day: "2026-11-24", by: 3) == 3)
    #expect(try await store.countRequest(key: "b", day: "2026-11-24", by: 2) == 5)
    #expect(try await store.countRequest(key: "b", day: "2026-11-25", by: 1) == 1)
    #expect(try await store.requests(key: "b", day: "2026-11-24") == 5)
    await under.remove([store])
  }

  @Test(arguments: StoreKind.available)
  func surveyAppendsAreIdempotentByRecordIdAndKeepTheirOrder(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let first = try await under.open()
    do {
      let store = first
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
    let store = try await under.open()
    #expect(try await store.surveyLines(venue: "v") == ["one", "two", "three"])
    #expect(try await store.venue("v")?.name == "V2")
    #expect(try await store.venue("v")?.archive == Data([3]))
    let listing = try await store.venues()
    #expect(listing.map(\.id) == ["v"])
    #expect(listing.first?.surveyScans == 3 && listing.first?.archiveBytes == 1)
    #expect(listing.first?.mapVersion == nil)
    await under.remove([first, store])
  }

  @Test(arguments: StoreKind.available)
  func theNewestMapOfEachVenueAndJobsAreKept(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    let built = Date(timeIntervalSince1970: 1_800_000_000)
    for (venue, version) in [("v", 1), ("v", 2), ("w", 1)] {
      try await store.addMap(
        StoredRadioMap(
          venue: venue, version: version, etag: "\"\(venue)-\(version)\"", path: "/m", scans: 10,
          built: built, digest: version == 2 ? "d\(venue)" : nil),
        file: Data("\(venue) \(version)".utf8))
    }
    await #expect(throws: (any Error).self) {
      try await store.addMap(
        StoredRadioMap(venue: "v", version: 2, etag: "x", path: "/m", scans: 1, built: built),
        file: Data("again".utf8))
    }
    // Every version's file is kept, as it was given, beside its record.
    #expect(try await store.mapFile(venue: "v", version: 1) == Data("v 1".utf8))
    #expect(try await store.mapFile(venue: "v", version: 2) == Data("v 2".utf8))
    #expect(try await store.mapFile(venue: "v", version: 3) == nil)
    #expect(try await store.map(venue: "v", version: 1)?.etag == "\"v-1\"")
    #expect(try await store.newestMap(venue: "v")?.version == 2)
    // The file's digest is kept with the record (maps stored without one have none).
    #expect(try await store.newestMap(venue: "v")?.digest == "dv")
    #expect(try await store.map(venue: "v", version: 1)?.digest == nil)
    #expect(try await store.newestMap(venue: "none") == nil)
    #expect(try await store.newestMaps().map { "\($0.venue)\($0.version)" } == ["v2", "w1"])
    var job = MapBuildJob(id: "j", venue: "v", created: built)
    try await store.saveJob(job)
    #expect(try await store.job("j") == nil)  // venue v is not stored: no job for it
    _ = try await store.putVenue(StoredVenue(id: "v", name: "v", archive: Data([1])))
    try await store.saveJob(job)
    #expect(try await store.job("j")?.state == .queued)
    job.state = .done
    job.progress = 1
    job.mapVersion = 2
    try await store.saveJob(job)
    let saved = try #require(try await store.job("j"))
    #expect(saved.state == .done && saved.progress == 1 && saved.mapVersion == 2)
    #expect(try await store.job("other") == nil)
    await under.remove([store])
  }

  @Test(arguments: StoreKind.available)
  func aDeletedVenueTakesItsSurveyMapsJobsAndSessionsAndNothingElse(kind: StoreKind)
    async throws
  {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    for id in ["v", "v2"] {
      _ = try await store.putVenue(StoredVenue(id: id, name: id, archive: Data([1])))
      _ = try await store.appendSurvey(venue: id, records: [("r", "line")])
      try await store.addMap(
        StoredRadioMap(venue: id, version: 1, etag: "e", path: "/m", scans: 1, built: Date()),
        file: Data("map".utf8))
      try await store.saveJob(MapBuildJob(id: "job-\(id)", venue: id))
      try await store.addSession(
        StoredSession(id: "s-\(id)", venue: id, instance: "i", parameters: "{}"))
      _ = try await store.addSessionBatch(
        session: "s-\(id)", SessionBatch(sequence: 0, events: "e"), holder: "i")
    }
    #expect(try await store.deleteVenue("v"))
    #expect(!(try await store.deleteVenue("v")))
    #expect(try await store.venue("v") == nil)
    #expect(try await store.surveyLines(venue: "v").isEmpty)
    #expect(try await store.newestMap(venue: "v") == nil)
    #expect(try await store.mapFile(venue: "v", version: 1) == nil)
    #expect(try await store.job("job-v") == nil)
    // A build that ends after its venue was deleted leaves no job behind.
    var ended = MapBuildJob(id: "job-v", venue: "v")
    ended.state = .failed
    try await store.saveJob(ended)
    #expect(try await store.job("job-v") == nil)
    #expect(try await store.session("s-v") == nil)
    #expect(try await store.sessionBatches(session: "s-v").isEmpty)
    // The other venue keeps all of its own.
    #expect(try await store.venues().map(\.id) == ["v2"])
    #expect(try await store.surveyLines(venue: "v2") == ["line"])
    #expect(try await store.mapFile(venue: "v2", version: 1) == Data("map".utf8))
    #expect(try await store.job("job-v2") != nil)
    #expect(try await store.sessionBatches(session: "s-v2").count == 1)
    await under.remove([store])
  }

  @Test(arguments: StoreKind.available)
  func oldMapsAreRemovedBeforeAVersionAndSessionsListedPerVenue(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    for version in 1...4 {
      try await store.addMap(
        StoredRadioMap(
          venue: "v", version: version, etag: "e", path: "/m", scans: 1, built: Date()),
        file: Data([UInt8(version)]))
    }
    #expect(try await store.removeMaps(venue: "v", before: 3) == [1, 2])
    #expect(try await store.removeMaps(venue: "v", before: 3) == [])
    #expect(try await store.map(venue: "v", version: 2) == nil)
    #expect(try await store.mapFile(venue: "v", version: 1) == nil)
    #expect(try await store.mapFile(venue: "v", version: 3) == Data([3]))
    #expect(try await store.newestMap(venue: "v")?.version == 4)
    for (id, venue) in [("a", "v"), ("b", "w"), ("c", "v")] {
      try await store.addSession(
        StoredSession(id: id, venue: venue, instance: "i", parameters: "{}"))
    }
    #expect(try await store.sessions(venue: "v").map(\.id) == ["a", "c"])
    await under.remove([store])
  }

  @Test func aBadPostgresURLOrAnAbsentServerIsAClearError() async throws {
    do {
      _ = try await PostgresStore(url: "mysql://x@y/z")
      Issue.record("a mysql URL was taken")
    } catch {
      #expect("\(error)".contains("--database"))
    }
    // A port nobody listens on (a TCP listener that refuses: port 1 on loopback).
    do {
      _ = try await PostgresStore(url: "postgres://nobody@127.0.0.1:1/none")
      Issue.record("an absent server was taken")
    } catch {
      #expect("\(error)".contains("postgres://nobody@127.0.0.1:1/none"))
    }
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
