import FingerpostClient
import FingerpostCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Service

/// The client library against a live service: a tracking session opened, fed and ended, the
/// venue's map read back, and a refusal named.
@Suite struct ServiceClientTests {
  @Test func aClientTracksAWalkAndReadsTheMap() async throws {
    let fixture = try await ServiceFixture.shared.value
    let (events, start) = try await SessionTests.walk.value
    let entry = try #require(fixture.service.catalog.entry("office"))
    let plans = try #require(entry.plans)
    let level = try #require(plans.plans.first { $0.ordinal == start.ordinal }?.levelID)
    try await fixture.service.application().test(.live) { client in
      let port = try #require(client.port)
      let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
      let locator = ServiceClient(base: base, key: "locate")
      let session = try await locator.openSession(
        venue: "office", seed: 21, device: "client test", start: (level, start.x, start.y))
      #expect(session.particles == 200)
      var fixes: [Fix?] = []
      for batch in stride(from: 0, to: min(events.count, 60), by: 10) {
        let lines = events[batch..<min(batch + 10, events.count)].joined(separator: "\n")
        fixes.append(try await locator.post(events: lines, to: session).fix)
      }
      let last = try #require(fixes.last ?? nil)
      #expect(last.ordinal == start.ordinal)
      #expect(last.levelID == level)
      try await locator.end(session)
      // The session is gone: its next batch is refused, and the refusal says so.
      await #expect(throws: ServiceClient.Failure.self) {
        _ = try await locator.post(events: events[0], to: session)
      }
      // A key that reads every venue downloads the map the sessions locate with.
      let map = try await ServiceClient(base: base, key: "reader").radioMap(venue: "office")
      #expect(map.levels.count == entry.map?.levels.count)
      #expect(map.bssids == entry.map?.bssids)
      // An unknown key opens nothing.
      await #expect(throws: ServiceClient.Failure.self) {
        _ = try await ServiceClient(base: base, key: "nobody").openSession(
          venue: "office", seed: 1, device: "client test", start: nil)
      }
    }
  }
}
