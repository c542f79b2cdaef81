import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The service's request context: Hummingbird's, with the client's address (failed keys are
/// limited per address).
public struct ServiceRequestContext: RequestContext, RemoteAddressRequestContext {
  /// Hummingbird's part.
  public var coreContext: CoreRequestContextStorage
  /// The address the connection comes from.
  public let remoteAddress: SocketAddress?
  /// The connection (long work stops when it closes).
  let channel: any Channel

  /// The context of a request on `source`'s channel.
  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
    channel = source.channel
  }

}

/// The context of a WebSocket upgrade request, with the client's address.
public struct ServiceWebSocketContext: RequestContext, WebSocketRequestContext,
  RemoteAddressRequestContext
{
  /// Hummingbird's part.
  public var coreContext: CoreRequestContextStorage
  /// The handler the upgrade runs.
  public let webSocket: WebSocketHandlerReference<Self>
  /// The address the connection comes from.
  public let remoteAddress: SocketAddress?
  /// The connection (a refused upgrade is answered on it).
  let channel: any Channel

  /// The context of an upgrade request on `source`'s channel.
  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    webSocket = .init()
    remoteAddress = source.channel.remoteAddress
    channel = source.channel
  }
}

extension RemoteAddressRequestContext {
  /// The client's IP address as text, nil when unknown (a test's channel).
  var client: String? { remoteAddress?.ipAddress }
}

/// Runs each request with `KeyGate.client` set to the address it comes from (through a
/// trusted proxy, the address the proxy says it was called from).
struct ClientMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
  /// The proxies whose `X-Forwarded-For` is believed.
  let proxies: TrustedProxies

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let client = proxies.client(peer: context.client, headers: request.headers)
    return try await KeyGate.$client.withValue(client) { try await next(request, context) }
  }
}
