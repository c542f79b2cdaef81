import EventStream
import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Store
import Testing

/// A restarted server opens its tracking sessions again from the store: the batches they took,
/// replayed in order, give the same state, so the next batch gives the fix it would have given.
@Suite struct SessionRestoreTests {
  @Test func aSessionTakesUpAfterARestartWhereItWas() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await SessionTests.walk.value
    let batches = stride(from: 0, to: min(events.count, 40), by: 8).map {
      events[$0..<min($0 + 8, events.count)].joined(separator: "\n")
    }
    let (id, info) = try await fixture.service.router().buildApplication().test(.router) { client in
      let id = try await SessionTests.open(client, seed: 11, start: start)
      for batch in batches.dropLast() {
        try await client.execute(
          uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
          body: ByteBuffer(string: batch)
        ) { response in #expect(response.status == .ok) }
      }
      let info = try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .get) {
        response in try #require(SessionTests.json(response))
      }
      return (id, info)
    }
    // The same data folder opened again: a new process, as far as sessions go.
    let restarted = try await FingerprintService(configuration: fixture.service.configuration)
    #expect(restarted.sessions.session(id) == nil)
    let after = restarted.router().buildApplication()
    try await after.test(.router) { client in
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .get) {
        response in
        #expect(response.status == .ok)
        let again = try #require(SessionTests.json(response))
        for key in ["seed", "processed", "last_t", "sequence", "particles", "device", "venue"] {
          #expect(again[key] == info[key], "\(key)")
        }
        // (Its opening time, as the store keeps it: to the millisecond.)
        #expect(again["created"] != nil)
      }
    }
    // The fixes kept for readers are the same ones, resumable by sequence number.
    let session = try #require(restarted.sessions.session(id))
    var kept = await session.follow(after: 2).makeAsyncIterator()
    let original = try #require(fixture.service.sessions.session(id))
    var keptBefore = await original.follow(after: 2).makeAsyncIterator()
    let third = await kept.next()
    #expect(third?.sequence == 3)
    #expect(third == (await keptBefore.next()))
    // The last batch: the restarted server answers the fix the first one does.
    // (Both hold it now, as no two instances would: the batch's place is written twice.)
    let fixAfterRestart = try await Self.post(batches[batches.count - 1], to: id, of: restarted)
    let fixWithoutRestart = try await Self.post(
      batches[batches.count - 1], to: id, of: fixture.service)
    #expect(fixAfterRestart == fixWithoutRestart)
    #expect(fixAfterRestart["type"]?.stringValue == "fix")
    try await after.test(.router) { client in
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .delete) {
        response in #expect(response.status == .noContent)
      }
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .get) {
        response in #expect(response.status == .notFound)
      }
    }
    // Ended on the restarted server: not opened again anywhere.
    #expect(try await restarted.store.session(id) == nil)
  }

  @Test func aSessionIsOpenedAgainFromItsSnapshotAndTheBatchesAfterIt() async throws {
    let fixture = try await ServiceFixture.shared.value
    let every = fixture.service.configuration.snapshotEvery
    let (events, start) = try await SessionTests.walk.value
    // Small batches: a snapshot after batch every − 1, then a few more, then one to compare.
    let batches = stride(from: 0, to: 2 * (every + 4), by: 2).map {
      events[$0..<min($0 + 2, events.count)].joined(separator: "\n")
    }
    try #require(batches.count == every + 4 && events.count >= 2 * (every + 4))
    let id = try await Self.open(
      seed: 12, start: start, feeding: Array(batches.dropLast()), to: fixture.service)
    // The snapshot is written beside the answer: wait for it.
    var kept: Int?
    for _ in 0..<200 where kept == nil {
      kept = try await fixture.service.store.sessionSnapshot(session: id)?.sequence
      if kept == nil { try await Task.sleep(for: .milliseconds(20)) }
    }
    #expect(kept == every - 1)
    let restarted = try await FingerprintService(configuration: fixture.service.configuration)
    let fixAfterRestart = try await Self.post(batches[batches.count - 1], to: id, of: restarted)
    let session = try #require(restarted.sessions.session(id))
    #expect(await session.restoredFrom == every - 1)
    let original = try #require(fixture.service.sessions.session(id))
    // The same numbering and the same fixes kept for readers.
    #expect(await session.newestSequence == (await original.newestSequence) + 1)
    var resumed = await session.follow(after: 1).makeAsyncIterator()
    var before = await original.follow(after: 1).makeAsyncIterator()
    #expect(await resumed.next() == (await before.next()))
    let fixWithoutRestart = try await Self.post(
      batches[batches.count - 1], to: id, of: fixture.service)
    #expect(fixAfterRestart == fixWithoutRestart)
    #expect(fixAfterRestart["type"]?.stringValue == "fix")
    #expect(await session.processed == (await original.processed))
  }

  @Test func aSnapshotThatCannotBeReadIsPassedOverForTheBatches() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await SessionTests.walk.value
    let batches = stride(from: 0, to: 24, by: 4).map {
      events[$0..<min($0 + 4, events.count)].joined(separator: "\n")
    }
    let id = try await Self.open(
      seed: 13, start: start, feeding: Array(batches.dropLast()), to: fixture.service)
    // A damaged snapshot after the third batch.
    let holder = try #require(try await fixture.service.store.session(id)).instance
    #expect(
      try await fixture.service.store.putSessionSnapshot(
        session: id, SessionSnapshot(sequence: 2, bytes: Data("damaged".utf8)), holder: holder))
    let restarted = try await FingerprintService(configuration: fixture.service.configuration)
    let fixAfterRestart = try await Self.post(batches[batches.count - 1], to: id, of: restarted)
    let session = try #require(restarted.sessions.session(id))
    #expect(await session.restoredFrom == nil)
    let fixWithoutRestart = try await Self.post(
      batches[batches.count - 1], to: id, of: fixture.service)
    #expect(fixAfterRestart == fixWithoutRestart)
  }

  /// The fix `service` answers to `batch` posted to session `id`.
  /// Opens a session on `service` and posts it `batches`, each answered 200; its id.
  static func open(
    seed: Int, start: (ordinal: Int, x: Double, y: Double), feeding batches: [String],
    to service: FingerprintService
  ) async throws -> String {
    try await service.router().buildApplication().test(.router) { client in
      let id = try await SessionTests.open(client, seed: seed, start: start)
      for batch in batches {
        try await client.execute(
          uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
          body: ByteBuffer(string: batch)
        ) { response in #expect(response.status == .ok) }
      }
      return id
    }
  }

  static func post(_ batch: String, to id: String, of service: FingerprintService) async throws
    -> JSONValue
  {
    try await service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: batch)
      ) { response in
        #expect(response.status == .ok)
        return try #require(SessionTests.json(response)?["fix"])
      }
    }
  }
}
