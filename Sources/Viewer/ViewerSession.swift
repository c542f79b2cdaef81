import EventStream
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The viewer's event loop: one `poll` over the stream (standard input), the keyboard (the
/// terminal) and the signal pipe; no busy waiting. Redraws at most `framesPerSecond` times a
/// second, and only when something changed.
public struct ViewerSession {
  /// The model.
  public var state: ViewerState
  /// Whether to draw in colour.
  public var colors: Bool
  /// Whether to close when the stream ends.
  public var exitAtEndOfInput: Bool
  /// The redraw limit.
  public var framesPerSecond = 30.0
  /// Lines read before the session started (the meta line the venue came from).
  public var pendingLines: [String] = []
  /// The stream's line splitter, holding any half line read before the session started.
  public var splitter = LineSplitter()

  /// A session showing `state`.
  public init(state: ViewerState, colors: Bool, exitAtEndOfInput: Bool) {
    self.state = state
    self.colors = colors
    self.exitAtEndOfInput = exitAtEndOfInput
  }

  /// Runs until the user quits (or the stream ends with `exitAtEndOfInput`), drawing on
  /// `terminal` and reading the stream from `input`.
  public mutating func run(on terminal: Terminal, input: Int32 = STDIN_FILENO) {
    var size = terminal.size
    applySize(size)
    // A terminal on standard input is the keyboard, not a stream: read keys from it only.
    if isatty(input) == 1 { (state.ended, state.streamless) = (true, true) }
    var renderer = FrameRenderer()
    var keys = KeyDecoder()
    for line in pendingLines { state.receive(line: line) }
    var dirty = true
    var shown: ScreenBuffer?  // what the terminal shows now
    var lastFullDraw = -1.0
    var lastDraw = 0.0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let start = Date()
    func now() -> Double { Date().timeIntervalSince(start) }

    while !state.quitting {
      let sinceDraw = now() - lastDraw
      let frame = 1 / framesPerSecond
      if dirty, sinceDraw >= frame {
        let current = terminal.size
        if current != size {
          size = current
          applySize(size)
        }
        // Only changed rows, but the whole frame once a second: something else may have
        // written to the terminal (a replay's summary on standard error, say).
        if now() - lastFullDraw >= 1 {
          shown = nil
          lastFullDraw = now()
        }
        let screen = renderer.render(state, columns: size.columns, rows: size.rows)
        terminal.write(screen.ansi(colors: colors, previous: shown))
        shown = screen
        lastDraw = now()
        dirty = false
      }
      // Wait for input, or until the next frame is due, or for the rest of an escape sequence.
      var timeout: Int32 = -1
      if dirty { timeout = Int32(max((frame - (now() - lastDraw)) * 1000, 1)) }
      if keys.hasPending { timeout = timeout < 0 ? 50 : min(timeout, 50) }
      var fds = [
        pollfd(fd: terminal.fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: terminal.signals, events: Int16(POLLIN), revents: 0),
        pollfd(fd: state.ended ? -1 : input, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0, errno != EINTR { break }
      if ready == 0, keys.hasPending {
        for key in keys.flush() { dirty = handle(key) || dirty }
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        let n = read(terminal.signals, &buffer, 64)
        for signal in buffer.prefix(max(n, 0)) {
          if Int32(signal) == SIGWINCH {
            (dirty, shown) = (true, nil)
          } else {
            state.perform(.quit)
          }
        }
      }
      if fds[0].revents & Int16(POLLIN) != 0 {
        let n = read(terminal.fd, &buffer, 256)
        if n > 0 {
          for key in keys.feed(buffer.prefix(n)) { dirty = handle(key) || dirty }
        }
      }
      if fds[2].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let n = read(input, &buffer, buffer.count)
        if n > 0 {
          for line in splitter.feed(buffer.prefix(n)) { state.receive(line: line) }
        } else if n == 0 || errno != EINTR && errno != EAGAIN {
          if let last = splitter.finish() { state.receive(line: last) }
          state.ended = true
          shown = nil  // a writer's last words on standard error may be on the screen
          if exitAtEndOfInput { state.perform(.quit) }
        }
        dirty = true
      }
    }
  }

  /// Applies a key; whether the frame changed.
  private mutating func handle(_ key: Key) -> Bool {
    if let action = ViewerAction(key: key) {
      state.perform(action)
      return true
    }
    if state.showingHelp {
      state.perform(.dismiss)
      return true
    }
    return false
  }

  private mutating func applySize(_ size: (columns: Int, rows: Int)) {
    let map = FrameRenderer.mapSize(columns: size.columns, rows: size.rows)
    state.resize(columns: map.columns, rows: map.rows)
  }
}
