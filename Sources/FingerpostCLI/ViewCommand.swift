import ArgumentParser
import CTerminal
import EventStream
import FingerpostCore
import FloorPlans
import Foundation
import IMDF
import Viewer

#if canImport(Glibc)
  import Glibc
#endif

/// `fingerpost view`: the live floor-plan view of an event stream piped in.
struct ViewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "view",
    abstract: "Watch an event stream (fixes, truth, particles) live on the venue's floor plan.",
    discussion: """
      Reads NDJSON from standard input and keys from the terminal, e.g.

        fingerpost replay S.yaml --realtime --with-truth --particles 300 \\
          | fingerpost view

      The venue comes from --venue or from the stream's meta record (venue_path). Press ? for \
      the keys, q to quit.
      """)

  @Option(help: "The IMDF venue (folder or .zip); else the one the stream's meta record names.")
  var venue: String?

  @Flag(help: "No colours (also when NO_COLOR is set); patterns and glyphs still tell areas apart.")
  var noColor = false

  @Flag(help: "Close when the stream ends (by default the view stays open with the whole track).")
  var exitAtEof = false

  func run() throws {
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
    let path = try venue ?? venueFromStream(readingInto: &early, splitter: &splitter)
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
    let colors = !noColor && ProcessInfo.processInfo.environment["NO_COLOR", default: ""].isEmpty
    var session = ViewerSession(state: state, colors: colors, exitAtEndOfInput: exitAtEof)
    session.pendingLines = early
    session.splitter = splitter  // with the half line read after the meta record, if any
    session.run(on: terminal)
    terminal.close()
  }

  /// Reads the stream up to its first record, which must be a `meta` naming the venue; the lines
  /// read, and the half line after them in `splitter`, are kept for the session.
  func venueFromStream(readingInto lines: inout [String], splitter: inout LineSplitter) throws
    -> String
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
