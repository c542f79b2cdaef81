import NIOCore
import Synchronization

/// Watches a connection for its client going away, so that long work for it can stop: the
/// client closing its side (HTTP clients close when they give up; the service allows half-closed
/// connections, so NIO keeps the channel open for an answer nobody reads) or the connection
/// closing. First in every connection's pipeline.
final class ConnectionWatch: ChannelInboundHandler, RemovableChannelHandler, Sendable {
  typealias InboundIn = NIOAny
  private let gone = Atomic<Bool>(false)

  /// A watch of a connection that has not closed yet.
  init() {}

  /// False once the client closed its side or the connection closed.
  var isOpen: Bool { !gone.load(ordering: .relaxed) }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if let event = event as? ChannelEvent, event == .inputClosed {
      gone.store(true, ordering: .relaxed)
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelInactive(context: ChannelHandlerContext) {
    gone.store(true, ordering: .relaxed)
    context.fireChannelInactive()
  }

  /// The watch in `channel`'s pipeline, or one that never closes when it has none (the
  /// channels of router tests).
  static func of(_ channel: any Channel) async -> ConnectionWatch {
    (try? await channel.pipeline.handler(type: ConnectionWatch.self).get()) ?? ConnectionWatch()
  }
}
