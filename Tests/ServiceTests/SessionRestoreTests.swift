import EventStream
import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
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

  /// The fix `service` answers to `batch` posted to session `id`.
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
