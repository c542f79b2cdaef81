import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking TCP connection to the service on 127.0.0.1, for requests no HTTP client sends
/// (half heads, malformed heads, refused upgrades).
struct RawConnection: ~Copyable {
  let fd: Int32

  /// Connects to 127.0.0.1:`port` from loopback address `source`; reads give up after
  /// `timeout` seconds.
  init(port: Int, timeout: Int, source: String = "127.0.0.1") throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
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
    guard fd >= 0, bound == 0, connected == 0 else {
      if fd >= 0 { close(fd) }
      throw POSIXError(.ECONNREFUSED)
    }
    self.fd = fd
  }

  deinit { close(fd) }

  /// `bytes` sent, then what the service answers until it closes the connection (nil when the
  /// read times out first), on a Dispatch thread: a blocking read must not hold one of the few
  /// threads the service's own tasks run on.
  func answer(to bytes: [UInt8]) async -> String? {
    let fd = fd
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: Self.blockingAnswer(fd, to: bytes))
      }
    }
  }

  /// Sends `bytes` whole (on a Dispatch thread), reading nothing; true when all were sent.
  func send(_ bytes: [UInt8]) async -> Bool {
    let fd = fd
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: Self.sendAll(fd, bytes))
      }
    }
  }

  /// `answer(to:)` of `text`'s UTF-8.
  func answer(to text: String) async -> String? { await answer(to: Array(text.utf8)) }

  /// Sends as much of `bytes` as the peer takes (blocking); true when all were sent.
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if n <= 0 { break }
      sent += n
    }
    return sent == bytes.count
  }

  static func blockingAnswer(_ fd: Int32, to bytes: [UInt8]) -> String? {
    // The service may answer and close before it has read everything: read what it said.
    _ = sendAll(fd, bytes)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      if n == 0 { return String(decoding: received, as: UTF8.self) }
      if n < 0 {
        // A reset after the answer (unread bytes of ours were dropped) still ends it.
        return errno == ECONNRESET ? String(decoding: received, as: UTF8.self) : nil
      }
      received += buffer[0..<n]
    }
  }
}
