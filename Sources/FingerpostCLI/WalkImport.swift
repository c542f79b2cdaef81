import ArgumentParser
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import IMDF
import Simulation
import Workflows

/// `fingerpost walk import --format ilc|ipin FILE… -o OUT`: recorded walks as event streams.
struct WalkImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract:
      "Import recorded walks (Microsoft ILC 2.0 path files, IPIN GetSensorData logs) as event streams.",
    discussion: """
      Each recording becomes an event stream: truth from its ground-truth points (every 0.5 s \
      between them, each one a checkpoint), steps from the phone's accelerometer, gyroscope and \
      orientation (pedestrian dead reckoning), its Wi-Fi scans with stale entries dropped, and \
      (ipin) its barometer as pressure records. ilc: positions are in the site's frame, the one \
      `venue import --format ilc` gives the venue. ipin: the landmarks (POSI) are the truth, on \
      their floors; positions are in the frame at --origin, else at the venue's origin, else at \
      the smallest latitude and longitude of the landmarks of the logs imported together (as \
      the IPIN scorer does). `replay WALK --venue VENUE` and `score` work on the streams. One \
      file is written to -o; several (or folders of them) to the folder -o, one NAME.ndjson \
      each. Prints, per walk, the steps against the truth: their count and length against the \
      distance walked, and the heading error per segment (median of its absolute value). With \
      --venue, each truth record names the unit it stands in, so that `score` reports unit hits.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ilc, ipin
  }

  @Option(help: "The recording format: ilc or ipin.")
  var format: Format

  @Argument(help: "Recordings (*.txt), or folders of them.")
  var files: [String]

  @Option(name: .shortAndLong, help: "The event stream to write (a folder for several walks).")
  var output: String

  @Option(help: "The venue of the site: truth names its units (ipin: positions in its frame).")
  var venue: String?

  @Option(
    help:
      "Also fit the phone of these walks (device and dead_reckoning, for scenarios and assess --phone) and write it here."
  )
  var phone: String?

  @Option(help: "ipin: the frame's origin, LON,LAT in degrees.")
  var origin: OriginArgument?

  func validate() throws {
    if origin != nil, format != .ipin { throw ValidationError("--origin is for --format ipin") }
  }

  func run() throws {
    let plans = try venue.map { FloorPlanSet(venue: try VenueLoader.load(path: $0)) }
    let paths = try FileAccess.files(in: files, withExtension: "txt")
    let single = paths.count == 1 && !FileAccess.isDirectory(output)
    if !single { try FileAccess.createDirectory(output) }
    var all: [DeadReckoningCheck.Segment] = []
    let walks = try load(paths, plans: plans)
    print(
      "walk                                       seconds  steps  scans  distance m  steps m  ratio  heading error °"
    )
    for (path, imported) in zip(paths, walks) {
      var walk = imported
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
        name.padding(toLength: 43, withPad: " ", startingAt: 0)
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
    if let phone { try fitPhone(walks, to: phone) }
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

  /// The walks of `paths` in the chosen format.
  func load(_ paths: [String], plans: FloorPlanSet?) throws -> [ImportedWalk] {
    switch format {
    case .ilc:
      return try paths.map { try ILCWalkImporter().importFile($0) }
    case .ipin:
      let logs = try paths.map { try IPINWalkImporter.read($0) }
      guard
        let origin = origin?.coordinate ?? plans?.frame.origin
          ?? IPINSiteImporter.origin(of: logs)
      else {
        throw FingerpostError(
          .noData, file: paths.first, "no POSI landmarks in the logs: give --origin LON,LAT")
      }
      print("frame origin (lon, lat): \(origin)")
      return logs.map { IPINWalkImporter().walk($0, origin: origin) }
    }
  }

  /// Fits the phone of `walks` and writes it to `path`, with its statistics beside the walks'.
  func fitPhone(_ walks: [ImportedWalk], to path: String) throws {
    let fit = try PhoneFit(walks: walks)
    let comments = [
      "phone fitted by fingerpost walk import --phone to \(fit.walks) \(format.rawValue) walks",
      String(
        format:
          "APs heard per scan %.1f; %.0f %% of the recordings' Wi-Fi entries were stale (dropped)",
        fit.apsPerScan, 100 * fit.staleShare),
    ]
    try FileAccess.write(Data(fit.phone.text(comments: comments).utf8), to: path)
    print(
      "phone (\(fit.walks) walks)       walk ratio spread  segment ratio spread  heading |e| median  p90    walk heading spread"
    )
    for (name, s) in [("measured", fit.measured), ("simulated, fitted", fit.simulated)] {
      print(
        name.padding(toLength: 24, withPad: " ", startingAt: 0)
          + String(
            format: "  %17.3f  %20.3f  %18.1f° %5.1f°  %19.1f°", s.walkRatioSpread,
            s.segmentRatioSpread, s.headingMedian, s.headingP90, s.walkHeadingSpread))
    }
    let n = fit.phone.deadReckoning
    print(
      String(
        format:
          "wrote %@: scan interval %.2f s, length sigma %.2f, scale bias sigma %.3f, heading sigma %.0f°, drift %.2f°/√s, bias sigma %.1f°",
        path, fit.phone.device.scanInterval ?? 0, n.lengthSigma, n.scaleBiasSigma, n.headingSigma,
        n.headingDriftSigma, n.headingBiasSigma))
  }
}
