import NIOCore
import Synchronization

/// Open connections per client address, so that one client cannot hold every file descriptor
/// the service has: a connection beyond `perAddress` from one address is closed at once.
/// Addresses in `unlimited` (trusted proxies, which carry every client's connections) are not
/// limited.
public final class ConnectionQuota: Sendable {
  /// The most connections one address may hold open.
  public let perAddress: Int
  /// Addresses that may hold any number.
  public let unlimited: Set<String>
  let open = Mutex<[String: Int]>([:])

  /// A quota of `perAddress` connections per address, none for `unlimited` addresses.
  public init(perAddress: Int, unlimited: Set<String> = []) {
    self.perAddress = perAddress
    self.unlimited = unlimited
  }

  /// The connections `address` holds open.
  public func connections(of address: String) -> Int { open.withLock { $0[address] ?? 0 } }

  /// Counts a new connection of `address`; false (not counted) when it holds its quota.
  func take(_ address: String) -> Bool {
    open.withLock { open in
      let held = open[address] ?? 0
      guard held < perAddress || unlimited.contains(address) else { return false }
      open[address] = held + 1
      return true
    }
  }

  /// Counts a connection of `address` closed.
  func give(_ address: String) {
    open.withLock { open in
      let held = (open[address] ?? 1) - 1
      open[address] = held > 0 ? held : nil
    }
  }
}

/// The first handler of every connection: takes a place of its address's quota, closes the
/// connection when there is none, and gives the place back when the connection closes.
final class ConnectionQuotaHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  let quota: ConnectionQuota
  private var address: String?

  init(quota: ConnectionQuota) { self.quota = quota }

  func handlerAdded(context: ChannelHandlerContext) {
    guard let ip = context.channel.remoteAddress?.ipAddress else { return }
    if quota.take(ip) {
      address = ip
    } else {
      context.close(promise: nil)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    if let address { quota.give(address) }
    address = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    if let address { quota.give(address) }
    address = nil
    context.fireChannelInactive()
  }
}
