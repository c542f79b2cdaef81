import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore

extension FingerprintService {
  /// HTTP/1.1 with WebSocket upgrades, closing connections idle for `idleTimeout` (half a
  /// request head included).
  func server() -> HTTPServerBuilder {
    let webSocketResponder = tracking.webSocketRouter().buildResponder()
    let timeout = TimeAmount.milliseconds(Int64(configuration.idleTimeout * 1000))
    return HTTPServerBuilder { responder in
      GuardedChannel(
        inner: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder,
          configuration: .init(http1: .init(idleTimeout: timeout))),
        headTimeout: timeout, quota: self.connections)
    }
  }

  /// The service as a Hummingbird application (HTTP/1.1 with WebSocket upgrades) on the
  /// configured address; `onServerRunning` gets the port it listens on.
  public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
    -> some ApplicationProtocol
  {
    Application(
      router: router(),
      server: server(),
      configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }
}
