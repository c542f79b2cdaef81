import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore

extension FingerprintService {
  /// The WebSocket upgrades: `GET /fp/v1/sessions/{id}/fixes?key=K` with `Upgrade: websocket`
  /// follows a session's fixes as text messages (the `meta` line, then one `fix` line each)
  /// and closes when the session ends.
  func webSocketRouter() -> Router<ServiceWebSocketContext> {
    let router = Router(context: ServiceWebSocketContext.self)
    router.add(middleware: ClientMiddleware())
    router.ws("/fp/v1/sessions/{id}/fixes") { request, context in
      let id = try context.parameters.require("id")
      do {
        _ = try await self.followedSession(id, request: request)
      } catch let error as GeolocateError {
        throw HTTPError(.init(code: error.indoor.code), message: error.message)
      } catch let elsewhere as SessionElsewhere {
        throw HTTPError(.temporaryRedirect, headers: [.location: elsewhere.location])
      }
      return .upgrade([:])
    } onUpgrade: { _, outbound, context in
      guard let id = context.requestContext.parameters.get("id"),
        let session = self.sessions.session(id)
      else { return }
      let fixes = await session.follow()
      try await outbound.write(.text(session.metaLine))
      for await fix in fixes { try await outbound.write(.text(fix.line)) }
    }
    return router
  }

  /// HTTP/1.1 with WebSocket upgrades, closing connections idle for `idleTimeout` (half a
  /// request head included).
  func server() -> HTTPServerBuilder {
    let webSocketResponder = webSocketRouter().buildResponder()
    let timeout = TimeAmount.milliseconds(Int64(configuration.idleTimeout * 1000))
    return HTTPServerBuilder { responder in
      GuardedChannel(
        inner: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder,
          configuration: .init(http1: .init(idleTimeout: timeout))),
        headTimeout: timeout)
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
