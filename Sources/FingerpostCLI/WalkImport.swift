import ArgumentParser
import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import IMDF
import Workflows

/// `fingerpost walk import --format ilc PATH_FILE… -o OUT`: recorded walks as event streams.
struct WalkImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import recorded walks (Microsoft ILC 2.0 path files) as event streams.",
    discussion: """
      Each path file becomes an event stream: truth from its waypoints (every 0.5 s, each \
      waypoint a checkpoint), steps from the phone's accelerometer, gyroscope and rotation \
      vector (pedestrian dead reckoning), and its Wi-Fi scans with stale entries dropped. \
      Positions are in the site's frame, the one `venue import --format ilc` gives the venue, \
      so `replay WALK --venue VENUE` and `score` work on it. One path file is written to -o; \
      several (or folders of them) to the folder -o, one NAME.ndjson each. Prints, per walk, \
      the steps against the waypoints: their count and length against the distance walked, \
      and the heading error per segment (median of its absolute value). With --venue, each \
      truth record names the unit it stands in, so that `score` reports unit hits.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ilc
  }

  @Option(help: "The recording format: ilc.")
  var format: Format

  @Argument(help: "Path files, or folders of them.")
  var files: [String]

  @Option(name: .shortAndLong, help: "The event stream to write (a folder for several walks).")
  var output: String

  @Option(help: "The venue `venue import --format ilc` made of the site: truth names its units.")
  var venue: String?

  func run() throws {
    let plans = try venue.map { FloorPlanSet(venue: try VenueLoader.load(path: $0)) }
    let paths = try FileAccess.files(in: files, withExtension: "txt")
    let single = paths.count == 1 && !FileAccess.isDirectory(output)
    if !single { try FileAccess.createDirectory(output) }
    print(
      "walk                          seconds  steps  scans  distance m  steps m  ratio  heading error °"
    )
    var all: [DeadReckoningCheck.Segment] = []
    for path in paths {
      var walk = try ILCWalkImporter().importFile(path)
      if let plans {
        walk.truth = plans.labellingUnits(walk.truth, frame: LocalFrame(origin: walk.origin))
      }
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      let target =
        single ? output : URL(fileURLWithPath: output).appendingPathComponent(name + ".ndjson").path
      try FileAccess.write(Data(walk.eventStream.utf8), to: target)
      let check = walk.check
      let seconds = (walk.truth.last?.t ?? 0) - (walk.truth.first?.t ?? 0)
      print(
        name.padding(toLength: 30, withPad: " ", startingAt: 0)
          + String(
            format: "%7.0f  %5d  %5d  %10.1f  %7.1f  %5.2f  %@", seconds, check.steps,
            walk.scans.count, check.distance, check.stepLength, check.lengthRatio,
            check.headingError(quantile: 0.5).map { String(format: "%.1f", $0) } ?? "–"))
      all += check.segments
      for problem in walk.problems.prefix(5) { printError("warning: \(problem)") }
      if walk.problems.count > 5 {
        printError("warning: … \(walk.problems.count - 5) more in \(path)")
      }
    }
    let total = DeadReckoningCheck(segments: all)
    guard paths.count > 1, let median = total.headingError(quantile: 0.5),
      let p90 = total.headingError(quantile: 0.9),
      let signed = total.headingError(quantile: 0.5, signed: true)
    else { return }
    print(
      String(
        format:
          "all %d walks: %d steps over %.0f m between waypoints, %.0f m of steps (%.2f); "
          + "heading error per segment: median |e| %.1f°, p90 %.1f°, median %.1f° "
          + "(%d segments of %.0f m or more)",
        paths.count, total.steps, total.distance, total.stepLength, total.lengthRatio, median,
        p90, signed, total.headingErrors.count, DeadReckoningCheck.minimumDistance))
  }
}
