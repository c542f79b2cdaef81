import FingerpostCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Store
import TestSupport
import Testing

@testable import Service

/// Behind a reverse proxy every client shares the proxy's address: one client guessing keys
/// would get every client refused (429). A trusted proxy's `X-Forwarded-For` names the client;
/// anyone else's is ignored, so that a client cannot pick an address to escape its limit.
@Suite struct TrustedProxyTests {
  static func headers(_ forwarded: String?) -> HTTPFields {
    var fields = HTTPFields()
    if let forwarded { fields[HTTPField.Name("X-Forwarded-For")!] = forwarded }
    return fields
  }

  @Test func theClientIsTheNearestAddressNotATrustedProxy() throws {
    let proxies = try TrustedProxies(["127.0.0.1", "10.0.0.2"])
    func client(_ peer: String?, _ forwarded: String?) -> String? {
      proxies.client(peer: peer, headers: Self.headers(forwarded))
    }
    #expect(client("127.0.0.1", "203.0.113.7") == "203.0.113.7")
    // Each proxy appends its caller: the client's own entries, further left, are not believed.
    #expect(client("127.0.0.1", "198.51.100.1, 203.0.113.7") == "203.0.113.7")
    #expect(client("127.0.0.1", "203.0.113.7, 10.0.0.2") == "203.0.113.7")
    #expect(client("127.0.0.1", "2001:DB8::1") == "2001:db8::1")
    // No usable entry: the proxy itself.
    #expect(client("127.0.0.1", nil) == "127.0.0.1")
    #expect(client("127.0.0.1", "203.0.113.7, not-an-address") == "127.0.0.1")
    // Not through a trusted proxy: the header is ignored.
    #expect(client("192.0.2.9", "203.0.113.7") == "192.0.2.9")
    #expect(client(nil, "203.0.113.7") == nil)
    #expect(throws: FingerpostError.self) { try TrustedProxies(["proxy.example"]) }
  }

  @Test func aTrustedProxyIsNotLimitedToItsQuotaOfConnections() {
    let quota = ConnectionQuota(perAddress: 1, unlimited: ["127.0.0.1"])
    #expect(quota.take("127.0.0.1") && quota.take("127.0.0.1"))
    #expect(quota.take("192.0.2.9") && !quota.take("192.0.2.9"))
  }

  /// Three guessed keys from 203.0.113.7 (forwarded by 127.0.0.1, trusted when `trusted`),
  /// then one from 203.0.113.8: its status.
  func nextClientsStatus(trusted: Bool) async throws -> HTTPResponse.Status {
    let folder = try TemporaryFolder("proxy")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(in: folder) { configuration in
      configuration.failedKeyLimit = 3
      if trusted { configuration.trustedProxies = try TrustedProxies(["127.0.0.1"]) }
    }
    return try await service.application().test(.live) { client in
      func guess(_ k: Int, from address: String) async throws -> HTTPResponse.Status {
        try await client.execute(
          uri: "/fp/v1/venues?key=guess-\(k)", method: .get,
          headers: Self.headers(address)
        ) { $0.status }
      }
      for k in 0..<3 { #expect(try await guess(k, from: "203.0.113.7") == .unauthorized) }
      #expect(try await guess(3, from: "203.0.113.7") == .tooManyRequests)
      return try await guess(4, from: "203.0.113.8")
    }
  }

  @Test func throughATrustedProxyEachClientHasItsOwnLimit() async throws {
    #expect(try await nextClientsStatus(trusted: true) == .unauthorized)
  }

  @Test func withoutATrustedProxyTheForwardedAddressIsIgnored() async throws {
    #expect(try await nextClientsStatus(trusted: false) == .tooManyRequests)
  }
}
