import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The service's connections: HTTP/1.1 with WebSocket upgrades, with `RequestHeadTimeout` in
/// front so that a connection must finish its first request head within `headTimeout`.
struct GuardedChannel: ServerChildChannel {
  /// The channel doing the work.
  let inner: HTTP1WebSocketUpgradeChannel
  /// Time a new connection has to send its first request head.
  let headTimeout: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<
    HTTP1WebSocketUpgradeChannel.Value
  > {
    channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        RequestHeadTimeout(timeout: headTimeout), position: .first)
    }.flatMap { inner.setup(channel: channel, logger: logger) }
  }

  func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}
