import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// The service's connections: HTTP/1.1 with WebSocket upgrades, with `FirstRequestGuard` in
/// front so that a connection must finish its first request head within `headTimeout`, and
/// gets an answer (400, 414, 431) when that head cannot be parsed; a client address holds at
/// most its quota of connections; and a `ConnectionWatch` says when the client has gone.
struct GuardedChannel: ServerChildChannel {
  /// The channel doing the work.
  let inner: HTTP1WebSocketUpgradeChannel
  /// Time a new connection has to send its first request head.
  let headTimeout: TimeAmount
  /// Connections per client address.
  let quota: ConnectionQuota

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<
    HTTP1WebSocketUpgradeChannel.Value
  > {
    channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        FirstRequestGuard(timeout: headTimeout), position: .first)
      try channel.pipeline.syncOperations.addHandler(
        ConnectionQuotaHandler(quota: quota), position: .first)
      try channel.pipeline.syncOperations.addHandler(ConnectionWatch(), position: .first)
    }.flatMap {
      inner.setup(channel: channel, logger: logger)
    }.flatMapThrowing { value in
      let operations = channel.pipeline.syncOperations
      let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try operations.addHandler(ParserErrorRelay(), position: .after(decoder))
      return value
    }
  }

  func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}
