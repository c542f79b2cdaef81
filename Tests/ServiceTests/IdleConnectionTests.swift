import Foundation
import Hummingbird
import HummingbirdTesting
import Service
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A client that opens a connection and stops mid-request is cut off after the idle timeout,
/// instead of holding the connection (and a file descriptor) for ever.
@Suite struct IdleConnectionTests {
  /// A blocking TCP socket to 127.0.0.1:`port` whose reads give up after `timeout` seconds.
  static func connect(port: Int, timeout: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    guard fd >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    return fd
  }

  /// `answer(_:to:)` on a Dispatch thread: a blocking read must not hold one of the few
  /// threads the service's own tasks run on.
  static func answer(_ fd: Int32, to text: String) async -> String? {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: blockingAnswer(fd, to: text)) }
    }
  }

  /// Sends `text`, then reads until the peer closes (what it sent) or the read times out (nil).
  static func blockingAnswer(_ fd: Int32, to text: String) -> String? {
    _ = text.withCString { send(fd, $0, strlen($0), 0) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n == 0 { return String(decoding: received, as: UTF8.self) }
      if n < 0 { return nil }
      received += buffer[0..<n]
    }
  }

  @Test func halfSentHeadersAreCutOffAfterTheIdleTimeout() async throws {
    let folder = try TemporaryFolder("idle")
    defer { folder.remove() }
    var configuration = ServiceConfiguration(dataFolder: folder.appending("data").path)
    configuration.idleTimeout = 1
    let service = try await FingerprintService(configuration: configuration)
    try await service.application().test(.live) { client in
      let port = try #require(client.port)
      let started = Date()
      let idle = try Self.connect(port: port, timeout: 10)
      defer { close(idle) }
      #expect(
        await Self.answer(idle, to: "GET /fp/v1/venues HTTP/1.1\r\nHost: 127.0.0.1\r\n") == "")
      let waited = Date().timeIntervalSince(started)
      #expect(waited >= 0.9 && waited < 8, "\(waited) s")
      // A connection that sends nothing at all is closed too.
      let silent = try Self.connect(port: port, timeout: 10)
      defer { close(silent) }
      #expect(await Self.answer(silent, to: "") == "")
      // Whole requests are still answered (401: no key).
      let whole = try Self.connect(port: port, timeout: 10)
      defer { close(whole) }
      let answer = await Self.answer(
        whole, to: "GET /fp/v1/venues HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      #expect(answer?.hasPrefix("HTTP/1.1 401") == true, "\(answer ?? "no answer")")
    }
  }
}
