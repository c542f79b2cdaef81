import ArgumentParser
import Viewer

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
    try ViewerSession.watch(venuePath: venue, colors: !noColor, exitAtEndOfInput: exitAtEof)
  }
}
