import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Service
import Testing
import Workflows

/// Batches made to tie up a session: an event far in the future, and more events than a batch
/// may hold, are refused naming their line, and the session goes on (issue 32).
@Suite struct SessionAbuseTests {
  /// Posts `body` to session `id`; the status and the error message, if any.
  static func post(_ client: some TestClientProtocol, _ id: String, _ body: String) async throws
    -> (status: HTTPResponse.Status, message: String)
  {
    try await client.execute(
      uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
      body: ByteBuffer(string: body)
    ) { response in
      (
        response.status,
        SessionTests.json(response)?["error"]?["message"]?.stringValue ?? ""
      )
    }
  }

  @Test func anEventFarInTheFutureIsRefusedAndDoesNotBlockTheSession() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await SessionTests.walk.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      let id = try await SessionTests.open(client, seed: 7, start: start)
      let first = events.prefix(5).joined(separator: "\n")
      #expect(try await Self.post(client, id, first).status == .ok)
      let future = #"{"type":"step","t":1e300,"length":0.7,"heading":90}"#
      let (status, message) = try await Self.post(client, id, future)
      #expect(status == .badRequest)
      #expect(
        message.hasPrefix("request body:1: t: ") && message.contains("out of range"), "\(message)")
      // Not taken: the walk's next events are not stale.
      let next = events.dropFirst(5).prefix(5).joined(separator: "\n")
      #expect(try await Self.post(client, id, next).status == .ok)
    }
  }

  @Test func barometerSamplesAreTakenAndOtherRecordsRefused() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await SessionTests.walk.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      let id = try await SessionTests.open(client, seed: 9, start: start)
      let pressures = [
        #"{"type":"pressure","t":0.1,"hPa":1012.4}"#, #"{"type":"pressure","t":0.2,"hPa":1012.41}"#,
      ]
      let batch = (pressures + events.prefix(5)).joined(separator: "\n")
      let answer = try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: batch)
      ) { response in (response.status, SessionTests.json(response)?["events"]?.intValue) }
      #expect(answer.0 == .ok && answer.1 == 7)
      let truth = #"{"type":"truth","t":9,"ordinal":0,"x":0,"y":0}"#
      let (status, message) = try await Self.post(client, id, truth)
      #expect(status == .badRequest)
      #expect(message.contains("step, scan and pressure records, not truth"), "\(message)")
    }
  }

  @Test func aBatchOfMoreEventsThanTheLimitIsRefused() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (_, start) = try await SessionTests.walk.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      let id = try await SessionTests.open(client, seed: 8, start: start)
      let steps = (1...(TrackingSession.batchLimit + 1)).map {
        #"{"type":"step","t":\#(Double($0) * 0.01),"length":0.7,"heading":90}"#
      }
      let (status, message) = try await Self.post(client, id, steps.joined(separator: "\n"))
      #expect(status == .badRequest)
      #expect(message.contains("at most 10000 events"), "\(message)")
    }
  }
}

extension SessionAbuseTests {
  @Test func oneKeyCannotHoldMoreSessionsThanItsShare() async throws {
    let fixture = try await ServiceFixture.shared.value
    let entry = try #require(fixture.service.catalog.entry("office"))
    let hub = SessionHub()
    func session(_ id: String) throws -> LiveSession {
      try LiveSession(
        id: id, venue: "office", device: nil, plans: try #require(entry.plans),
        map: try #require(entry.map), seed: 1, start: nil,
        settings: fixture.service.configuration.sessionSettings)
    }
    for k in 0..<3 { try hub.add(session("a\(k)"), limit: 10, key: "a", perKey: 3) }
    #expect(throws: SessionHub.Refusal.keyFull(limit: 3)) {
      try hub.add(session("a3"), limit: 10, key: "a", perKey: 3)
    }
    // Another key still opens one; and the first, once one of its own ended.
    try hub.add(session("b0"), limit: 10, key: "b", perKey: 3)
    #expect(await hub.end("a0"))
    try hub.add(session("a4"), limit: 10, key: "a", perKey: 3)
    #expect(hub.count == 4)
  }
}
