import CTerminal
import EventStream
import FingerpostCore
import FloorPlans
import Foundation
import IMDF

#if canImport(Glibc)
  import Glibc
#endif

extension ViewerSession {
  /// Watches the event stream on standard input on the terminal until the user quits: the venue
  /// at `venuePath`, or the one the stream's `meta` record names; `colors` unless NO_COLOR is set;
  /// closing when the stream ends with `exitAtEndOfInput`. Fails before reading anything when
  /// there is no terminal to draw on.
  public static func watch(venuePath: String?, colors: Bool, exitAtEndOfInput: Bool)
    throws(FingerpostError)
  {

    // Fail before reading anything when there is no terminal to draw on.
    let probe = fp_tty_open()
    guard probe >= 0 else {
      throw FingerpostError(
        .unreadable, file: "/dev/tty",
        "no terminal to draw on (/dev/tty: \(String(cString: strerror(errno)))); "
          + "fingerpost view needs one, with the stream piped into it")
    }
    Glibc.close(probe)
    var early: [String] = []
    var splitter = LineSplitter()
    let path: String
    if let venuePath {
      path = venuePath
    } else {
      path = try venueFromStream(readingInto: &early, splitter: &splitter)
    }
    let loaded = try VenueLoader.load(path: path)
    let plans = FloorPlanSet(venue: loaded)
    guard !plans.plans.isEmpty else {
      throw FingerpostError(.noData, file: path, "the venue has no levels to draw")
    }
    let terminal: Terminal
    do {
      terminal = try Terminal()
    } catch {
      throw FingerpostError(.unreadable, file: "/dev/tty", error.description)
    }
    let map = FrameRenderer.mapSize(columns: terminal.size.columns, rows: terminal.size.rows)
    let state = ViewerState(
      plans: plans, places: PlaceDirectory(venue: loaded, plans: plans),
      venueName: loaded.name, columns: map.columns, rows: map.rows)
    let colors = colors && ProcessInfo.processInfo.environment["NO_COLOR", default: ""].isEmpty
    var session = ViewerSession(state: state, colors: colors, exitAtEndOfInput: exitAtEndOfInput)
    session.pendingLines = early
    session.splitter = splitter  // with the half line read after the meta record, if any
    session.run(on: terminal)
    terminal.close()
  }

  /// Reads the stream up to its first record, which must be a `meta` naming the venue; the lines
  /// read, and the half line after them in `splitter`, are kept for the session.
  static func venueFromStream(readingInto lines: inout [String], splitter: inout LineSplitter)
    throws(FingerpostError) -> String
  {
    guard isatty(STDIN_FILENO) == 0 else {
      throw FingerpostError(
        .noData, file: "stdin",
        "no stream on standard input: pipe one in (fingerpost replay … | fingerpost view) or pass --venue"
      )
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(STDIN_FILENO, &buffer, buffer.count)
      let fresh = n > 0 ? splitter.feed(buffer.prefix(n)) : (splitter.finish().map { [$0] } ?? [])
      lines += fresh
      if let first = lines.first(where: { $0.contains { !$0.isWhitespace } }) {
        guard case .meta(let meta)? = try? StreamDecoder.record(Substring(first), line: 1) else {
          throw FingerpostError(
            .missingField, file: "stdin", line: 1,
            "not a meta record naming the venue; pass --venue")
        }
        guard let path = meta.venuePath ?? meta.venue, FileManager.default.fileExists(atPath: path)
        else {
          throw FingerpostError(
            .notFound, file: "stdin", field: "venue_path",
            "the meta record's venue \(meta.venuePath ?? meta.venue ?? "(none)")"
              + " is not a folder or file here; pass --venue")
        }
        return path
      }
      if n <= 0 {
        throw FingerpostError(
          .noData, file: "stdin", "the input ended before a meta record; pass --venue")
      }
    }
  }
}
