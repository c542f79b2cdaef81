import Foundation
import Hummingbird
import HummingbirdTesting
import Service
import TestSupport
import Testing

/// A client that opens a connection and stops mid-request is cut off after the idle timeout,
/// instead of holding the connection (and a file descriptor) for ever.
@Suite struct IdleConnectionTests {
  @Test func halfSentHeadersAreCutOffAfterTheIdleTimeout() async throws {
    let folder = try TemporaryFolder("idle")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(in: folder) { configuration in
      configuration.idleTimeout = 1
    }
    try await service.application().test(.live) { client in
      let port = try #require(client.port)
      let started = Date()
      // The client waits 60 s: cut off well before, by the server (a loaded test machine takes
      // seconds more than the 1 s timeout).
      let idle = try RawConnection(port: port, timeout: 60)
      #expect(await idle.answer(to: "GET /fp/v1/venues HTTP/1.1\r\nHost: 127.0.0.1\r\n") == "")
      let waited = Date().timeIntervalSince(started)
      #expect(waited >= 0.9 && waited < 40, "\(waited) s")
      // A connection that sends nothing at all is closed too. The 60 s read limits below only
      // bound a failing run: on 2 cores the suite's other tests may hold the task pool that
      // answers requests for tens of seconds.
      let silent = try RawConnection(port: port, timeout: 60)
      #expect(await silent.answer(to: "") == "")
      // Whole requests are still answered (401: no key).
      let whole = try RawConnection(port: port, timeout: 60)
      let answer = await whole.answer(
        to: "GET /fp/v1/venues HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      #expect(answer?.hasPrefix("HTTP/1.1 401") == true, "\(answer ?? "no answer")")
    }
  }
}
