import EventStream
import FingerpostCore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Service
import Synchronization
import Testing
import Workflows

/// A session batch whose client goes away is not processed to its end: the work stops within a
/// few events, the batch is not kept, and the session opens again from the batches it kept
/// (issue 32: a locate key's abandoned batch kept the CPU busy for minutes).
@Suite struct AbandonedBatchTests {
  /// `count` scan lines one second apart from `t0`, cycling through the fixture's scans.
  static func scans(_ fixture: ServiceFixture, count: Int, from t0: Double) -> [String] {
    (0..<count).map { k in
      let readings = fixture.scans[k % fixture.scans.count].prefix(10).map {
        Reading(bssid: $0.mac, rssi: $0.rssi)
      }
      return StreamEncoder.line(
        .scan(Scan(time: t0 + Double(k), device: "test", readings: Array(readings))))
    }
  }

  @Test func aBatchStopsWhenItIsNoLongerWanted() async throws {
    let fixture = try await ServiceFixture.shared.value
    let entry = try #require(fixture.service.catalog.entry("office"))
    func session() throws -> LiveSession {
      try LiveSession(
        id: "abandoned", venue: "office", device: nil, plans: try #require(entry.plans),
        map: try #require(entry.map), seed: 3, start: nil,
        settings: fixture.service.configuration.sessionSettings)
    }
    let body = Data(Self.scans(fixture, count: 300, from: 1).joined(separator: "\n").utf8)
    // Wanted for the first three asks: three intervals of events, then it stops.
    let asks = Mutex(0)
    let cut = try session()
    await #expect(throws: AbandonedBatch(processed: 3 * TrackingSession.checkInterval)) {
      try await cut.post(body) {
        asks.withLock {
          $0 += 1
          return $0 <= 3
        }
      }
    }
    #expect(await cut.processed == 3 * TrackingSession.checkInterval)
    // Never asked to stop: the same fix as a batch processed without asking.
    let whole = try session()
    let wanted = try await whole.post(body) { true }
    let plain = try session()
    let unasked = try await plain.post(body)
    #expect(wanted.events == 300)
    #expect(wanted.fix == unasked.fix)
    #expect(await whole.processed == 300)
  }

  @Test func aBatchWhoseClientLeftIsNotKept() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await SessionTests.walk.value
    try await fixture.service.application().test(.live) { client in
      let id = try await SessionTests.open(client, seed: 11, start: start)
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: events.prefix(5).joined(separator: "\n"))
      ) { response in #expect(response.status == .ok) }
      let live = try #require(fixture.service.sessions.session(id))
      #expect(await live.processed == 5)
      // About 900 kB of scans: half a minute of work in a debug build.
      let body = Self.scans(fixture, count: 3000, from: 1000).joined(separator: "\n")
      let head =
        "POST /fp/v1/sessions/\(id)/events?key=locate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n"
      do {
        let connection = try RawConnection(port: try #require(client.port), timeout: 5)
        #expect(await connection.send(Array((head + body).utf8)))
        // Closed while the batch is processed (a client closing before that leaves it untouched).
        try await Task.sleep(for: .seconds(2))
      }
      // The session stops part-way and is put away (without the fix it takes all 3,005).
      var ended = false
      for _ in 0..<600 where !ended {
        ended = await live.hasEnded
        if !ended { try await Task.sleep(for: .milliseconds(50)) }
      }
      #expect(ended)
      #expect(await live.processed < 5 + 3000)
      // Opened again from the store: the first batch only.
      try await client.execute(uri: "/fp/v1/sessions/\(id)?key=locate", method: .get) {
        response in
        #expect(response.status == .ok)
        #expect(SessionTests.json(response)?["processed"]?.intValue == 5)
      }
    }
  }
}
