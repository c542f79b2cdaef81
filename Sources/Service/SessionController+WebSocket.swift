import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore
import NIOHTTP1

extension SessionController {
  /// The WebSocket upgrades: `GET /fp/v1/sessions/{id}/fixes?key=K` with `Upgrade: websocket`
  /// follows a session's fixes as text messages (the `meta` line, then one `fix` line each)
  /// and closes when the session ends.
  func webSocketRouter() -> Router<ServiceWebSocketContext> {
    let router = Router(context: ServiceWebSocketContext.self)
    router.add(middleware: ClientMiddleware(proxies: configuration.trustedProxies))
    router.ws("/fp/v1/sessions/{id}/fixes") { request, context in
      let id = try context.parameters.require("id")
      do {
        _ = try await self.followedSession(id, request: request)
      } catch let error as GeolocateError {
        // A declined upgrade is answered 400 by Hummingbird: answer first, as HTTP would.
        await Self.refuseUpgrade(on: context.channel, with: error.indoor)
        throw HTTPError(.init(code: error.indoor.code), message: error.message)
      } catch let elsewhere as SessionElsewhere {
        await Self.refuseUpgrade(
          on: context.channel, status: .temporaryRedirect,
          headers: HTTPHeaders([("Location", elsewhere.location)]),
          body: Data(elsewhere.redirectBody.utf8))
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

  /// Answers a refused WebSocket upgrade with `error` (401 for a bad key, 403, 404 for an
  /// unknown session…) and closes the connection.
  static func refuseUpgrade(on channel: any Channel, with error: GeolocateError) async {
    var headers = HTTPHeaders()
    if error.code == 401 {
      headers.add(name: "WWW-Authenticate", value: #"APIKey realm="fingerpost""#)
    }
    if let seconds = error.retryAfter { headers.add(name: "Retry-After", value: String(seconds)) }
    await refuseUpgrade(
      on: channel, status: HTTPResponseStatus(statusCode: error.code), headers: headers,
      body: Response.jsonData(error.body))
  }

  /// Answers a refused WebSocket upgrade with `status`, `headers` and the JSON `body`, then
  /// closes the connection (Hummingbird would answer 400 to any refused upgrade).
  static func refuseUpgrade(
    on channel: any Channel, status: HTTPResponseStatus, headers: HTTPHeaders, body: Data
  ) async {
    var headers = headers
    headers.add(name: "Content-Type", value: "application/json")
    headers.add(name: "Content-Length", value: String(body.count))
    headers.add(name: "Connection", value: "close")
    let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    channel.write(HTTPServerResponsePart.head(head), promise: nil)
    channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
    try? await channel.writeAndFlush(HTTPServerResponsePart.end(nil)).get()
    try? await channel.close()
  }
}
