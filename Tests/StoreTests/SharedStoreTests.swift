import Foundation
import Store
import TestSupport
import Testing

/// What instances sharing a store rely on: each map build job is taken by one worker only (and
/// taken over when its worker stops saying it is alive), tracking sessions and their batches
/// are kept to be opened again, and (PostgreSQL) each instance hears the others' changes.
@Suite struct SharedStoreTests {
  @Test(arguments: StoreKind.available)
  func workersRacingForJobsTakeEachOnce(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let stores = [try await under.open(), try await under.open()]
    let created = Date(timeIntervalSince1970: 1_800_000_000)
    _ = try await stores[0].putVenue(StoredVenue(id: "v", name: "v", archive: Data([1])))
    for n in 0..<20 {
      try await stores[0].saveJob(
        MapBuildJob(id: "job\(n)", venue: "v", created: created.addingTimeInterval(Double(n))))
    }
    // Four workers on two connections claim until nothing is left.
    let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
      for worker in 0..<4 {
        group.addTask {
          var mine: [String] = []
          while let job = try await stores[worker % 2].claimJob(
            worker: "w\(worker)", staleAfter: 3600)
          {
            #expect(job.state == .running && job.worker == "w\(worker)")
            mine.append(job.id)
          }
          return mine
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(claimed.sorted() == (0..<20).map { "job\($0)" }.sorted())
    #expect(try await stores[1].job("job7")?.state == .running)
    await under.remove(stores)
  }

  @Test(arguments: StoreKind.available)
  func aJobWhoseWorkerFellSilentIsTakenOver(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    _ = try await store.putVenue(StoredVenue(id: "v", name: "v", archive: Data([1])))
    try await store.saveJob(MapBuildJob(id: "j", venue: "v"))
    #expect(try await store.claimJob(worker: "a", staleAfter: 3600)?.id == "j")
    // Running, and heard from: nobody else takes it.
    try await store.touchJob("j", worker: "a")
    #expect(try await store.claimJob(worker: "b", staleAfter: 3600) == nil)
    // Silent for longer than the staleness allowed (here: any time at all).
    try await Task.sleep(for: .milliseconds(50))
    let taken = try await store.claimJob(worker: "b", staleAfter: 0.01)
    #expect(taken?.id == "j" && taken?.worker == "b")
    // The first worker's beat no longer counts: the job is not its own, and stays silent.
    try await Task.sleep(for: .milliseconds(50))
    try await store.touchJob("j", worker: "a")
    #expect(try await store.claimJob(worker: "c", staleAfter: 0.04)?.worker == "c")
    await under.remove([store])
  }

  @Test(arguments: StoreKind.available)
  func sessionsAndTheirBatchesAreKeptUntilRemoved(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let first = try await under.open()
    let opened = Date(timeIntervalSince1970: 1_700_000_000)
    for id in ["s", "t"] {
      try await first.addSession(
        StoredSession(
          id: id, venue: "v", instance: "http://127.0.0.1:1", parameters: #"{"seed":1}"#,
          created: opened))
    }
    let holder = "http://127.0.0.1:1"
    #expect(
      try await first.addSessionBatch(
        session: "s", SessionBatch(sequence: 0, events: "a"), holder: holder))
    #expect(
      try await first.addSessionBatch(
        session: "s", SessionBatch(sequence: 1, events: "lost"), holder: holder))
    // A batch at a place kept already replaces it.
    #expect(
      try await first.addSessionBatch(
        session: "s", SessionBatch(sequence: 1, events: "b\nc"), holder: holder))
    // An instance that does not hold the session keeps nothing.
    #expect(
      !(try await first.addSessionBatch(
        session: "s", SessionBatch(sequence: 2, events: "elsewhere"), holder: "http://other")))
    // Reopened, as after a restart.
    let store = try await under.open()
    let s = try #require(try await store.session("s"))
    #expect(s.instance == "http://127.0.0.1:1" && s.parameters == #"{"seed":1}"#)
    #expect(s.updated > opened)  // a batch counts as activity
    #expect(try await store.sessionBatches(session: "s").map(\.events) == ["a", "b\nc"])
    #expect(try await store.sessionBatches(session: "t").isEmpty)
    // From a sequence on, as a session reopened from its snapshot reads them.
    #expect(try await store.sessionBatches(session: "s", from: 1).map(\.events) == ["b\nc"])
    #expect(try await store.sessionBatches(session: "s", from: 2).isEmpty)
    // "t" took nothing since it was opened; "s" did.
    #expect(try await store.removeSessions(idleSince: opened.addingTimeInterval(1)) == 1)
    #expect(try await store.session("t") == nil)
    #expect(try await store.removeSession("s"))
    #expect(!(try await store.removeSession("s")))
    #expect(try await store.sessionBatches(session: "s").isEmpty)
    await under.remove([first, store])
  }

  @Test(arguments: StoreKind.available)
  func aSessionKeepsItsNewestSnapshotWhileItsHolderHoldsIt(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    let holder = "http://127.0.0.1:1"
    try await store.addSession(
      StoredSession(id: "s", venue: "v", instance: holder, parameters: "{}"))
    #expect(try await store.sessionSnapshot(session: "s") == nil)
    let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    #expect(
      try await store.putSessionSnapshot(
        session: "s", SessionSnapshot(sequence: 9, bytes: bytes), holder: holder))
    // An older one never replaces it; another instance keeps nothing.
    #expect(
      try await store.putSessionSnapshot(
        session: "s", SessionSnapshot(sequence: 4, bytes: Data([1])), holder: holder))
    #expect(
      !(try await store.putSessionSnapshot(
        session: "s", SessionSnapshot(sequence: 12, bytes: Data([2])), holder: "http://other")))
    #expect(
      !(try await store.putSessionSnapshot(
        session: "nobody", SessionSnapshot(sequence: 1, bytes: Data([3])), holder: holder)))
    let reopened = try await under.open()
    #expect(
      try await reopened.sessionSnapshot(session: "s") == SessionSnapshot(sequence: 9, bytes: bytes)
    )
    #expect(try await reopened.sessionSnapshot(session: "nobody") == nil)
    // It goes with its session.
    #expect(try await reopened.removeSession("s"))
    #expect(try await reopened.sessionSnapshot(session: "s") == nil)
    await under.remove([store, reopened])
  }

  @Test(arguments: StoreKind.available)
  func aSessionIsHandedOverOnlyByItsHolderAndFencesItsBatches(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    let (a, b, c) = ("http://a", "http://b", "http://c")
    try await store.addSession(StoredSession(id: "s", venue: "v", instance: a, parameters: "{}"))
    #expect(
      try await store.addSessionBatch(
        session: "s", SessionBatch(sequence: 0, events: "0"), holder: a))
    // Only from the instance holding it: b cannot take it from c.
    #expect(!(try await store.takeSession("s", from: c, to: b)))
    #expect(try await store.takeSession("s", from: a, to: b))
    #expect(!(try await store.takeSession("s", from: a, to: c)))
    #expect(!(try await store.takeSession("none", from: a, to: b)))
    #expect(try await store.session("s")?.instance == b)
    // a's late batch is not kept; b's is.
    #expect(
      !(try await store.addSessionBatch(
        session: "s", SessionBatch(sequence: 1, events: "a"), holder: a)))
    #expect(
      try await store.addSessionBatch(
        session: "s", SessionBatch(sequence: 1, events: "b"), holder: b))
    #expect(try await store.sessionBatches(session: "s").map(\.events) == ["0", "b"])
    await under.remove([store])
  }

  @Test(arguments: StoreKind.available)
  func instancesSayTheyAreAlive(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    #expect(try await store.silence(of: "http://a") == nil)
    try await store.beat(instance: "http://a")
    try await Task.sleep(for: .milliseconds(300))
    let first = try #require(try await store.silence(of: "http://a"))
    #expect(first >= 0.25 && first < 60)
    // A second beat: the silence counts from it (whatever the machine's load: no more than the
    // time since just before it, less the store's rounding of timestamps to the millisecond).
    let before = Date()
    try await store.beat(instance: "http://a")
    let again = try #require(try await store.silence(of: "http://a"))
    #expect(again <= Date().timeIntervalSince(before) + 0.002)
    #expect(try await store.silence(of: "http://b") == nil)
    await under.remove([store])
  }

  @Test(arguments: StoreKind.available)
  func batchesPostedAtOnceAreEachKept(kind: StoreKind) async throws {
    let under = try await StoreUnderTest(kind)
    let store = try await under.open()
    let sessions = (0..<8).map { "s\($0)" }
    for id in sessions {
      try await store.addSession(
        StoredSession(id: id, venue: "v", instance: "http://127.0.0.1:1", parameters: "{}"))
    }
    // 8 sessions × 25 batches, all at once (committed in groups where the store groups them).
    try await withThrowingTaskGroup(of: Void.self) { group in
      for id in sessions {
        group.addTask {
          for n in 0..<25 {
            let kept = try await store.addSessionBatch(
              session: id, SessionBatch(sequence: n, events: "\(id) batch \(n)"),
              holder: "http://127.0.0.1:1")
            #expect(kept)
          }
        }
      }
      try await group.waitForAll()
    }
    for id in sessions {
      #expect(
        try await store.sessionBatches(session: id).map(\.events)
          == (0..<25).map { "\(id) batch \($0)" })
    }
    await under.remove([store])
  }

  @Test(.enabled(if: StoreKind.postgresURL != nil))
  func instancesHearEachOthersChangesButNotTheirOwn() async throws {
    let under = try await StoreUnderTest(.postgres)
    let (writer, listener) = (try await under.open(), try await under.open())
    var heard = listener.changes().makeAsyncIterator()
    var own = writer.changes().makeAsyncIterator()
    // Each stream first says it (re)connected: what was missed must be looked up.
    #expect(await heard.next() == .resync)
    #expect(await own.next() == .resync)
    _ = try await writer.putVenue(StoredVenue(id: "v", name: "V", archive: Data([1])))
    try await writer.addMap(
      StoredRadioMap(venue: "v", version: 1, etag: "e", path: "", scans: 1, built: Date()),
      file: Data([2]))
    try await writer.saveJob(MapBuildJob(id: "j", venue: "v"))
    var running = MapBuildJob(id: "j", venue: "v")
    running.state = .running
    try await writer.saveJob(running)  // not news: only queued jobs are told
    _ = try await listener.putVenue(StoredVenue(id: "w", name: "W", archive: Data([1])))
    #expect(await heard.next() == .venue("v"))
    #expect(await heard.next() == .venue("v"))
    #expect(await heard.next() == .jobQueued)
    // The writer hears the listener's venue, and none of its own changes before it.
    #expect(await own.next() == .venue("w"))
    await under.remove([writer, listener])
  }

  @Test func aSQLiteStoreHasNoOtherInstances() async throws {
    let under = try await StoreUnderTest(.sqlite)
    let store = try await under.open()
    #expect(!store.isShared)
    var changes = store.changes().makeAsyncIterator()
    #expect(await changes.next() == nil)
    await under.remove([store])
  }
}
