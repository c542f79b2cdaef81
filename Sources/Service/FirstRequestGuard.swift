import NIOCore
import NIOHTTP1

// Hummingbird's idle timeout starts once a request's head has been decoded, and with WebSocket
// upgrades once the upgrade was declined: a client that connects and sends nothing, or half a
// head, holds its connection (and a file descriptor) for ever. And with the upgrade handler
// waiting for a first head, an HTTP parser error in it (a head over 80 kB, raw non-ASCII bytes
// in the path, both Transfer-Encoding and Content-Length) is answered by nobody. This handler
// sits first in the pipeline, on raw bytes, until the first request head has ended
// (`\r\n\r\n`): it closes the connection if that takes longer than its timeout, answers 414 to a
// request line longer than `longestRequestLine`, and answers the parser's errors
// (`ParserErrorRelay` tells it) with 431 or 400, closing the connection after each answer.

/// Guards a connection's first request head: its timeout, its request line's length, and the
/// answer to a head the HTTP parser refuses.
final class FirstRequestGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundOut = ByteBuffer

  /// The longest request line (method, URL, version) answered, bytes.
  static let longestRequestLine = 16 * 1024

  let timeout: TimeAmount
  private var task: Scheduled<Void>?
  /// How many bytes of `\r\n\r\n` the bytes so far end with; 4 once the head has ended.
  private var matched = 0
  /// Bytes of the request line so far, nil once it has ended.
  private var lineBytes: Int? = 0
  /// Whether the connection was answered here (nothing more is read from it).
  private var refused = false
  /// Whether the parser has decoded a request head (its errors are Hummingbird's from then).
  private var decoded = false
  private var context: ChannelHandlerContext?

  init(timeout: TimeAmount) { self.timeout = timeout }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if context.channel.isActive { schedule(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    schedule(context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    task?.cancel()
    task = nil
    self.context = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refused else { return }
    if matched < 4 {
      let pattern: [UInt8] = [13, 10, 13, 10]
      for byte in unwrapInboundIn(data).readableBytesView where matched < 4 {
        matched = byte == pattern[matched] ? matched + 1 : (byte == 13 ? 1 : 0)
        guard let bytes = lineBytes else { continue }
        if bytes > Self.longestRequestLine {
          refuse(.uriTooLong)
          return
        }
        lineBytes = byte == 10 ? nil : bytes + 1
      }
      if matched == 4 {
        task?.cancel()
        task = nil
      }
    }
    context.fireChannelRead(data)
  }

  /// Notes that the parser decoded a request head.
  func headDecoded() { decoded = true }

  /// Answers `error` of the HTTP parser if no request head was decoded before it (later ones end
  /// the connection through Hummingbird).
  func parserFailed(_ error: HTTPParserError) {
    guard !decoded else { return }
    refuse(error == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest)
  }

  /// Writes a bodiless `status` answer and closes the connection.
  private func refuse(_ status: HTTPResponseStatus) {
    guard let context, !refused else { return }
    refused = true
    task?.cancel()
    task = nil
    let head = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
    let answer = head + "Connection: close\r\nContent-Length: 0\r\n\r\n"
    context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer))).assumeIsolated()
      .whenComplete { _ in
        context.close(promise: nil)
      }
  }

  private func schedule(_ context: ChannelHandlerContext) {
    guard task == nil, matched < 4 else { return }
    task = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
      context.close(promise: nil)
    }
  }
}

/// Sits after the HTTP request decoder until it has decoded a first request head, and tells
/// `FirstRequestGuard` of the decoder's errors until then (errors travel away from the socket,
/// so the guard cannot see them itself). It leaves the pipeline with that head, before a
/// WebSocket upgrade could send it frames.
final class ParserErrorRelay: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    firstGuard(context)?.headDecoded()
    context.fireChannelRead(data)
    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let error = error as? HTTPParserError { firstGuard(context)?.parserFailed(error) }
    context.fireErrorCaught(error)
  }

  private func firstGuard(_ context: ChannelHandlerContext) -> FirstRequestGuard? {
    try? context.pipeline.syncOperations.handler(type: FirstRequestGuard.self)
  }
}
