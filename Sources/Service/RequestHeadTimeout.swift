import NIOCore

// Hummingbird's idle timeout starts once a request's head has been decoded, and with WebSocket
// upgrades once the upgrade was declined: a client that connects and sends nothing, or half a
// head, holds its connection (and a file descriptor) for ever. This handler sits first in the
// pipeline, on raw bytes, and closes a connection whose first request head has not ended
// (`\r\n\r\n`) within its timeout; after that the idle timeout takes over.

/// Closes a connection whose first request head has not fully arrived within `timeout`.
final class RequestHeadTimeout: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  let timeout: TimeAmount
  private var task: Scheduled<Void>?
  /// How many bytes of `\r\n\r\n` the bytes so far end with; 4 once the head has ended.
  private var matched = 0

  init(timeout: TimeAmount) { self.timeout = timeout }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { schedule(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    schedule(context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    task?.cancel()
    task = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if matched < 4 {
      let pattern: [UInt8] = [13, 10, 13, 10]
      for byte in unwrapInboundIn(data).readableBytesView where matched < 4 {
        matched = byte == pattern[matched] ? matched + 1 : (byte == 13 ? 1 : 0)
      }
      if matched == 4 {
        task?.cancel()
        task = nil
      }
    }
    context.fireChannelRead(data)
  }

  private func schedule(_ context: ChannelHandlerContext) {
    guard task == nil, matched < 4 else { return }
    task = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
      context.close(promise: nil)
    }
  }
}
