import Foundation
import Hummingbird
import HummingbirdTesting
import Service
import Store
import TestSupport
import Testing

/// Requests the HTTP parser refuses are answered (400, 414, 431) and their connections closed
/// at once, instead of being held unanswered; a refused WebSocket upgrade says why (401, 404)
/// instead of 400.
@Suite struct MalformedRequestTests {
  func withService(_ body: @Sendable (Int) async throws -> Void) async throws {
    let folder = try TemporaryFolder("malformed")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "good", name: "good")]
    ) { configuration in
      // Far above the bound below: an answer within it was not the idle cut-off (a loaded test
      // machine can take seconds to answer).
      configuration.idleTimeout = 120
    }
    try await service.application().test(.live) { client in
      try await body(try #require(client.port))
    }
  }

  /// The status line of the answer to `bytes` on a new connection, and the seconds it took.
  func statusLine(_ port: Int, _ bytes: [UInt8]) async throws -> (String?, Double) {
    let started = Date()
    let connection = try RawConnection(port: port, timeout: 90)
    let answer = await connection.answer(to: bytes)
    let line = answer?.split(separator: "\r\n").first.map(String.init)
    return (line, Date().timeIntervalSince(started))
  }

  @Test func malformedHeadsAreAnsweredAndClosedAtOnce() async throws {
    try await withService { port in
      let host = "Host: 127.0.0.1\r\n"
      let cases: [(String, [UInt8], String)] = [
        (
          "headers of 100 kB",
          Array("GET /fp/v1/venues?key=good HTTP/1.1\r\n\(host)X-A: ".utf8)
            + Array(repeating: UInt8(ascii: "a"), count: 100_000) + Array("\r\n\r\n".utf8),
          "HTTP/1.1 431 Request Header Fields Too Large"
        ),
        (
          "a URL of 100 kB",
          Array("GET /fp/v1/venues?key=".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100_000)
            + Array(" HTTP/1.1\r\n\(host)\r\n".utf8), "HTTP/1.1 414 URI Too Long"
        ),
        (
          "raw non-ASCII bytes in the path",
          Array("GET /fp/v1/ven".utf8) + [0xff, 0xfe] + Array("ues HTTP/1.1\r\n\(host)\r\n".utf8),
          "HTTP/1.1 400 Bad Request"
        ),
        (
          "Transfer-Encoding and Content-Length",
          Array(
            ("POST /v1/geolocate?key=good HTTP/1.1\r\n\(host)Content-Length: 5\r\n"
              + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n").utf8), "HTTP/1.1 400 Bad Request"
        ),
        ("not HTTP", [0x16, 0x03, 0x01, 0x02, 0x00, 13, 10, 13, 10], "HTTP/1.1 400 Bad Request"),
      ]
      for (name, bytes, expected) in cases {
        let (line, seconds) = try await statusLine(port, bytes)
        #expect(line == expected, "\(name)")
        #expect(seconds < 60, "\(name): \(seconds) s")
      }
      // A whole, well-formed request is still answered.
      let (line, _) = try await statusLine(
        port, Array("GET /fp/v1/venues?key=good HTTP/1.1\r\n\(host)Connection: close\r\n\r\n".utf8))
      #expect(line == "HTTP/1.1 200 OK")
    }
  }

  @Test func aRefusedWebSocketUpgradeSaysWhy() async throws {
    try await withService { port in
      func upgrade(_ path: String) -> [UInt8] {
        Array(
          ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            .utf8)
      }
      let (bad, _) = try await statusLine(port, upgrade("/fp/v1/sessions/s/fixes?key=bad"))
      #expect(bad == "HTTP/1.1 401 Unauthorized")
      let (none, _) = try await statusLine(port, upgrade("/fp/v1/sessions/s/fixes"))
      #expect(none == "HTTP/1.1 401 Unauthorized")
      let (unknown, _) = try await statusLine(port, upgrade("/fp/v1/sessions/s/fixes?key=good"))
      #expect(unknown == "HTTP/1.1 404 Not Found")
    }
  }
}

/// One client address holds at most its quota of connections: idle connections from one
/// address cannot take every file descriptor of the service.
@Suite struct ConnectionQuotaTests {
  /// The test's own client address (HummingbirdTesting's client may hold a connection from
  /// 127.0.0.1).
  static let source = "127.0.0.7"

  @Test func aConnectionBeyondTheAddressesQuotaIsClosedAndItsPlaceComesBack() async throws {
    let folder = try TemporaryFolder("quota")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(in: folder) { configuration in
      configuration.connectionsPerAddress = 3
      configuration.idleTimeout = 120
    }
    try await service.application().test(.live) { client in
      let port = try #require(client.port)
      let request = "GET /fp/v1/venues HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
      do {
        let first = try RawConnection(port: port, timeout: 30, source: Self.source)
        let second = try RawConnection(port: port, timeout: 30, source: Self.source)
        let third = try RawConnection(port: port, timeout: 30, source: Self.source)
        // Wait until the service has counted the three.
        for _ in 0..<1000 where service.connections.connections(of: Self.source) < 3 {
          try await Task.sleep(for: .milliseconds(20))
        }
        #expect(service.connections.connections(of: Self.source) == 3)
        let started = Date()
        let fourth = try RawConnection(port: port, timeout: 30, source: Self.source)
        #expect(await fourth.answer(to: request) == "")
        #expect(Date().timeIntervalSince(started) < 20)
        // A connection within the quota is answered (401: no key).
        #expect(await third.answer(to: request)?.hasPrefix("HTTP/1.1 401") == true)
        _ = (first.fd, second.fd)
      }
      // Closed connections give their places back.
      for _ in 0..<1000 where service.connections.connections(of: Self.source) > 0 {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(service.connections.connections(of: Self.source) == 0)
      let fifth = try RawConnection(port: port, timeout: 30, source: Self.source)
      #expect(await fifth.answer(to: request)?.hasPrefix("HTTP/1.1 401") == true)
    }
  }
}
