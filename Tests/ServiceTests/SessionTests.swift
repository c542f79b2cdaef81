import EventStream
import FingerpostCore
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import JSON
import NIOCore
import Service
import Synchronization
import TestSupport
import Testing
import Workflows

/// `/fp/v1/sessions`: a walk simulated in the office's sample world, sent in batches; the fixes
/// answered and streamed are the ones the same batches give offline with the same seed.
@Suite struct SessionTests {
  /// A walk's step and scan lines and its true start, simulated in the office's sample world
  /// (the world the fixture's map was surveyed in).
  static let walk = Task {
    () throws -> (events: [String], start: (ordinal: Int, x: Double, y: Double)) in
    let folder = try LightScenario.temporaryFolder("session")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try ServiceFixture.officeScenario(to: "Room 0.24", in: folder)
    let lines = try ScenarioRun(file: path).eventStream.split(separator: "\n").map(String.init)
    let truth = try #require(
      lines.enumerated().lazy.compactMap { i, line -> TruthSample? in
        guard case .truth(let sample) = try? StreamDecoder.record(line[...], line: i + 1) else {
          return nil
        }
        return sample
      }.first)
    let start = (truth.ordinal, truth.position.x, truth.position.y)
    let events = try lines.enumerated().filter { i, line in
      switch try StreamDecoder.record(line[...], line: i + 1) {
      case .step, .scan: true
      default: false
      }
    }.map(\.element)
    return (events, start)
  }

  static func json(_ response: TestResponse) -> JSONValue? {
    try? JSONParser.parse(Data(buffer: response.body))
  }

  /// Opens a session on the office with `seed`; returns its id.
  static func open(
    _ client: some TestClientProtocol, seed: Int, start: (ordinal: Int, x: Double, y: Double)
  ) async throws -> String {
    try await client.execute(
      uri: "/fp/v1/sessions?key=locate", method: .post,
      body: ByteBuffer(
        string: #"{"venue":"office","seed":\#(seed),"device":"test","#
          + #""start":{"ordinal":\#(start.ordinal),"x":\#(start.x),"y":\#(start.y)}}"#)
    ) { response in
      #expect(response.status == .created, "\(String(buffer: response.body))")
      let id = try #require(Self.json(response)?["id"]?.stringValue)
      #expect(response.headers[.location] == "/fp/v1/sessions/\(id)")
      #expect(Self.json(response)?["seed"]?.intValue == seed)
      return id
    }
  }

  @Test func batchesGiveTheFixesOfTheSameWalkOffline() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await Self.walk.value
    let batches = stride(from: 0, to: min(events.count, 60), by: 12).map {
      events[$0..<min($0 + 12, events.count)].joined(separator: "\n")
    }
    let answered = try await fixture.service.router().buildApplication().test(.router) { client in
      let id = try await Self.open(client, seed: 42, start: start)
      var answered: [String] = []
      for batch in batches {
        let line = try await client.execute(
          uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
          body: ByteBuffer(string: batch)
        ) { response in
          #expect(response.status == .ok, "\(String(buffer: response.body))")
          let fix = try #require(Self.json(response)?["fix"])
          #expect(fix["type"]?.stringValue == "fix")
          // The answer ends with the fix's stream line: `…,"fix":LINE}`.
          let text = String(buffer: response.body)
          let member = try #require(text.range(of: #","fix":"#))
          return String(text[member.upperBound...].dropLast())
        }
        answered.append(line)
      }
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .get) {
        response in
        #expect(Self.json(response)?["processed"]?.intValue == min(events.count, 60))
        #expect(Self.json(response)?["sequence"]?.intValue == batches.count)
      }
      return answered
    }
    // Offline: the same batches, the same seed, the library's session.
    let entry = try #require(fixture.service.catalog.entry("office"))
    let plans = try #require(entry.plans)
    let offline = try TrackingSession(
      plans: plans, map: try #require(entry.map), seed: 42,
      start: .init(
        floor: try #require(plans.floors(atOrdinal: start.ordinal).first),
        point: .init(x: start.x, y: start.y)),
      settings: fixture.service.configuration.sessionSettings)
    var expected: [String] = []
    for batch in batches {
      let fix = try #require(
        try offline.process(offline.events(ndjson: Data(batch.utf8), source: "batch")))
      expected.append(StreamEncoder.line(.fix(fix)))
    }
    #expect(answered == expected)
  }

  @Test func aBatchOlderThanTheLastIsRefusedAndOneOutOfOrderIsSorted() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await Self.walk.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      let id = try await Self.open(client, seed: 1, start: start)
      // Reversed within the batch: sorted, accepted.
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: events[10..<20].reversed().joined(separator: "\n"))
      ) { response in
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        #expect(Self.json(response)?["events"]?.intValue == 10)
      }
      let last = try #require(
        try JSONParser.parse(Data(events[19].utf8))["t"]?.doubleValue)
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: events[5])
      ) { response in
        #expect(response.status == .conflict)
        #expect(Self.json(response)?["last_t"]?.doubleValue == last)
        #expect(
          Self.json(response)?["error"]?["errors"]?.arrayValue?.first?["reason"]?.stringValue
            == "staleEvents")
      }
      // A line that is not a step or a scan refuses the batch, naming the line.
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: events[20] + "\n{\"type\":\"step\",\"t\":\"soon\"}")
      ) { response in
        #expect(response.status == .badRequest)
        #expect(
          Self.json(response)?["error"]?["message"]?.stringValue?.hasPrefix("request body:2:")
            == true)
      }
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .get) {
        response in #expect(Self.json(response)?["processed"]?.intValue == 10)
      }
    }
  }

  @Test func theFixStreamIsNDJSONOrServerSentEventsAndEndsWithTheSession() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await Self.walk.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      let id = try await Self.open(client, seed: 3, start: start)
      for batch in 0..<3 {
        try await client.execute(
          uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
          body: ByteBuffer(string: events[batch * 5..<batch * 5 + 5].joined(separator: "\n"))
        ) { response in #expect(response.status == .ok) }
      }
      let session = try #require(fixture.service.sessions.session(id))
      async let ndjson = client.execute(
        uri: "/fp/v1/sessions/\(id)/fixes?key=locate", method: .get
      ) { response in String(buffer: response.body) }
      async let sse = client.execute(
        uri: "/fp/v1/sessions/\(id)/fixes?key=locate", method: .get,
        headers: [.accept: "text/event-stream", .init("Last-Event-ID")!: "1"]
      ) { response in (response.headers[.contentType], String(buffer: response.body)) }
      for _ in 0..<200 where await session.readerCount < 2 {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(await session.readerCount == 2)
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .delete) {
        response in #expect(response.status == .noContent)
      }
      let lines = try await ndjson.split(separator: "\n")
      #expect(lines.count == 4)
      guard case .meta(let meta)? = try? StreamDecoder.record(lines[0], line: 1) else {
        Issue.record("no meta line: \(lines)")
        return
      }
      #expect(meta.seed == 3 && meta.venue == "office")
      for (i, line) in lines.dropFirst().enumerated() {
        guard case .fix = try StreamDecoder.record(line, line: i + 2) else {
          Issue.record("not a fix: \(line)")
          continue
        }
      }
      let (type, text) = try await sse
      #expect(type == "text/event-stream")
      // Resumed after event 1: events 2 and 3.
      #expect(
        text.components(separatedBy: "\n").filter { $0.hasPrefix("id: ") } == ["id: 2", "id: 3"])
      #expect(text.contains("data: " + lines[2]))
      try await client.execute(uri: "/fp/v1/sessions/\(id)/fixes?key=locate", method: .get) {
        response in
        #expect(response.status == .notFound)
        #expect(
          Self.json(response)?["error"]?["message"]?.stringValue?.contains("ended or expired")
            == true)
      }
    }
  }

  @Test func theFixStreamIsAlsoAWebSocket() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await Self.walk.value
    let service = fixture.service
    try await service.application().test(.live) { client in
      let id = try await Self.open(client, seed: 4, start: start)
      for batch in 0..<2 {
        try await client.execute(
          uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
          body: ByteBuffer(string: events[batch * 5..<batch * 5 + 5].joined(separator: "\n"))
        ) { response in #expect(response.status == .ok) }
      }
      let received = Mutex<[String]>([])
      try await client.ws("/fp/v1/sessions/\(id)/fixes?key=locate") { inbound, _, _ in
        for try await message in inbound.messages(maxSize: 1 << 16) {
          guard case .text(let text) = message else { continue }
          // The meta line and the two fixes so far: then the session ends, and the socket.
          if received.withLock({
            $0.append(text)
            return $0.count
          }) == 3 {
            await service.sessions.end(id)
          }
        }
      }
      let lines = received.withLock { $0 }
      #expect(lines.count == 3)
      #expect(lines.first?.hasPrefix(#"{"type":"meta""#) == true)
      #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(#"{"type":"fix""#) })
    }
  }

  @Test func aSlowReaderLosesItsOldestFixesAndNeverHoldsTheFilterUp() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await Self.walk.value
    let entry = try #require(fixture.service.catalog.entry("office"))
    let plans = try #require(entry.plans)
    let session = try LiveSession(
      id: "slow", venue: "office", device: nil, plans: plans, map: try #require(entry.map),
      seed: 9,
      start: .init(
        floor: try #require(plans.floors(atOrdinal: start.ordinal).first),
        point: .init(x: start.x, y: start.y)),
      settings: fixture.service.configuration.sessionSettings)
    let reader = await session.follow()
    let posts = LiveSession.readerBuffer + 6
    for line in events.prefix(posts) { _ = try await session.post(Data(line.utf8)) }
    #expect(await session.newestSequence == posts)
    #expect(await session.dropped == 6)
    await session.end()
    var received: [Int] = []
    for await fix in reader { received.append(fix.sequence) }
    #expect(received == Array(7...posts))
  }

  @Test func sessionsNeedATrackableVenueAndExpireWhenIdle() async throws {
    let fixture = try await ServiceFixture.shared.value
    try await fixture.service.router().buildApplication().test(.router) { client in
      for (body, status) in [
        (#"{"venue":"nowhere"}"#, HTTPResponse.Status.notFound),
        (#"{"start":null}"#, .badRequest),
        (#"{"venue":"office","start":{"ordinal":99,"x":0,"y":0}}"#, .badRequest),
        (#"{"venue":"office","seed":-1}"#, .badRequest),
        ("not json", .badRequest),
      ] {
        try await client.execute(
          uri: "/fp/v1/sessions?key=locate", method: .post, body: ByteBuffer(string: body)
        ) { response in #expect(response.status == status, "\(body)") }
      }
      try await client.execute(
        uri: "/fp/v1/sessions?key=nobody", method: .post,
        body: ByteBuffer(string: #"{"venue":"office"}"#)
      ) { response in #expect(response.status == .unauthorized) }
    }
    // Expiry, on a hub of its own (the fixture's is shared by tests running at once).
    let entry = try #require(fixture.service.catalog.entry("office"))
    let hub = SessionHub()
    let session = try LiveSession(
      id: "idle", venue: "office", device: nil, plans: try #require(entry.plans),
      map: try #require(entry.map), seed: 8, start: nil,
      settings: fixture.service.configuration.sessionSettings)
    try hub.add(session, limit: 1)
    #expect(throws: SessionHub.Refusal.full(limit: 1)) { try hub.add(session, limit: 1) }
    #expect(await hub.expire(idleFor: 3600).isEmpty)
    #expect(hub.session("idle") != nil)
    let reader = await session.follow()
    #expect(await hub.expire(idleFor: 0) == ["idle"])
    #expect(hub.session("idle") == nil)
    for await _ in reader {}  // the reader's stream ends with the session
  }
}
