import CTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Why the viewer cannot run.
public struct TerminalError: Error, CustomStringConvertible {
  /// What went wrong.
  public var description: String
}

/// The controlling terminal (`/dev/tty`) in raw mode on the alternate screen, so standard input
/// stays the pipe. Restored by `close()`, at exit, and on any signal (see `fp_terminal.c`).
public final class Terminal {
  /// The terminal's file descriptor.
  public let fd: Int32
  private var open = true

  /// Sequences: alternate screen, hidden cursor, no line wrap; and back.
  static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J"
  static let leave = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  /// Opens the terminal and enters raw mode, or fails when there is none (e.g. under `setsid`
  /// or in CI).
  public init() throws(TerminalError) {
    let fd = fp_tty_open()
    guard fd >= 0 else {
      throw TerminalError(
        description: "no terminal to draw on (/dev/tty: \(String(cString: strerror(errno))));"
          + " run it in a terminal, with the stream piped in")
    }
    guard fp_tty_enter(fd, Self.enter, Self.leave) == 0 else {
      let reason = String(cString: strerror(errno))
      Glibc.close(fd)
      throw TerminalError(description: "/dev/tty cannot be put in raw mode (\(reason))")
    }
    self.fd = fd
  }

  deinit { close() }

  /// The size in cells (80 × 24 when the terminal does not say).
  public var size: (columns: Int, rows: Int) {
    var columns: Int32 = 0
    var rows: Int32 = 0
    guard fp_tty_size(fd, &columns, &rows) == 0 else { return (80, 24) }
    return (Int(columns), Int(rows))
  }

  /// The pipe that delivers caught signals (resize, quit requests) as bytes.
  public var signals: Int32 { fp_signal_fd() }

  /// Writes `text` to the terminal.
  public func write(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes {
        Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { return }
      offset += n
    }
  }

  /// Leaves raw mode and the alternate screen (once).
  public func close() {
    guard open else { return }
    open = false
    fp_tty_leave()
    Glibc.close(fd)
  }
}
