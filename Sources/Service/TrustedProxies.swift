import FingerpostCore
import Foundation
import HTTPTypes
import NIOCore

/// The reverse proxies (nginx, a load balancer) the service sits behind, by IP address. A
/// request through one carries its client's address in `X-Forwarded-For`: the limits per
/// address (failed keys) fall on that client, not on the proxy that every client shares. Any
/// other connection's `X-Forwarded-For` is ignored, so that a client cannot choose its address.
public struct TrustedProxies: Sendable, Hashable {
  /// The proxies' addresses, as text (`127.0.0.1`, `::1`).
  public var addresses: Set<String>

  /// Proxies at `addresses`; refuses text that is not an IP address.
  public init(_ addresses: some Sequence<String>) throws(FingerpostError) {
    var parsed: Set<String> = []
    for text in addresses {
      guard let address = Self.ipAddress(text) else {
        throw FingerpostError(.invalidValue, field: "trusted-proxy", "\(text) is not an IP address")
      }
      parsed.insert(address)
    }
    self.addresses = parsed
  }

  /// No proxy: every client is its connection's address.
  public static let none = TrustedProxies(addresses: [])

  init(addresses: Set<String>) { self.addresses = addresses }

  /// The `X-Forwarded-For` header.
  static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

  /// The address of the client of a request from `peer` with `headers`: `peer` unless it is a
  /// trusted proxy, else the nearest address in `X-Forwarded-For` that is not one (each proxy
  /// appends the address it was called from; entries further left were sent by the client and
  /// may be anything). `peer` when the header holds no usable address.
  public func client(peer: String?, headers: HTTPFields) -> String? {
    guard let peer, addresses.contains(peer) else { return peer }
    let hops = headers[values: Self.forwardedFor].flatMap { $0.split(separator: ",") }
    for hop in hops.reversed() {
      guard let address = Self.ipAddress(hop.trimmingCharacters(in: .whitespaces)) else {
        return peer
      }
      if !addresses.contains(address) { return address }
    }
    return peer
  }

  /// `text` as NIO writes an IP address, nil when it is not one.
  static func ipAddress(_ text: String) -> String? {
    guard text.utf8.count <= 45, let address = try? SocketAddress(ipAddress: text, port: 0)
    else { return nil }
    return address.ipAddress
  }
}
