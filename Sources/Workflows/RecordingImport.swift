import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

/// Recorded walks (Microsoft ILC 2.0 path files, IPIN GetSensorData logs) imported as event
/// streams, as `fingerpost walk import` does: each walk's truth labelled with the venue's units
/// when there is a venue, its stream written, and its dead reckoning checked against its truth.
public struct RecordingImport {
  /// A recording format.
  public enum Format: String, Sendable, CaseIterable {
    /// Microsoft ILC 2.0 path files.
    case ilc
    /// IPIN GetSensorData logs.
    case ipin
  }

  /// The recordings' format.
  public var format: Format
  /// The recording files.
  public var paths: [String]
  /// The venue's floor plans, when there is a venue.
  public var plans: FloorPlanSet?
  /// ipin: the frame's WGS84 origin (else the venue's, else the landmarks' south-west corner).
  public var origin: GeoCoordinate?

  /// An import of `paths` in `format`.
  public init(format: Format, paths: [String], plans: FloorPlanSet? = nil) {
    self.format = format
    self.paths = paths
    self.plans = plans
  }

  /// The header of the per-walk rows `write` gives.
  public static let header =
    "walk                                       seconds  steps  scans  distance m  steps m  ratio  heading error °"

  /// The walks of the recordings; `note` hears the frame origin chosen for ipin logs.
  public func walks(note: (String) -> Void = { _ in }) throws(FingerpostError) -> [ImportedWalk] {
    switch format {
    case .ilc:
      var walks: [ImportedWalk] = []
      for path in paths { walks.append(try ILCWalkImporter().importFile(path)) }
      return walks
    case .ipin:
      var logs: [IPINLogFile] = []
      for path in paths { logs.append(try IPINWalkImporter.read(path)) }
      guard let origin = origin ?? plans?.frame.origin ?? IPINSiteImporter.origin(of: logs) else {
        throw FingerpostError(
          .noData, file: paths.first, "no POSI landmarks in the logs: give --origin LON,LAT")
      }
      note("frame origin (lon, lat): \(origin)")
      return logs.map { IPINWalkImporter().walk($0, origin: origin) }
    }
  }

  /// Writes each walk's event stream to `output` (a file for one walk, else a folder of
  /// NAME.ndjson), telling `row` each walk's line under `header` and `warn` its first problems;
  /// returns the line about all walks together (nil for one walk or without headings).
  public func write(
    _ walks: [ImportedWalk], to output: String, row: (String) -> Void, warn: (String) -> Void
  ) throws(FingerpostError) -> String? {
    let single = paths.count == 1 && !FileAccess.isDirectory(output)
    if !single { try FileAccess.createDirectory(output) }
    var all: [DeadReckoningCheck.Segment] = []
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
      row(
        name.padding(toLength: 43, withPad: " ", startingAt: 0)
          + String(
            format: "%7.0f  %5d  %5d  %10.1f  %7.1f  %5.2f  %@", seconds, check.steps,
            walk.scans.count, check.distance, check.stepLength, check.lengthRatio,
            check.headingError(quantile: 0.5).map { String(format: "%.1f", $0) } ?? "–"))
      all += check.segments
      for problem in walk.problems.prefix(5) { warn("warning: \(problem)") }
      if walk.problems.count > 5 { warn("warning: … \(walk.problems.count - 5) more in \(path)") }
    }
    let total = DeadReckoningCheck(segments: all)
    guard paths.count > 1, let median = total.headingError(quantile: 0.5),
      let p90 = total.headingError(quantile: 0.9),
      let signed = total.headingError(quantile: 0.5, signed: true)
    else { return nil }
    return String(
      format:
        "all %d walks: %d steps over %.0f m between waypoints, %.0f m of steps (%.2f); "
        + "heading error per segment: median |e| %.1f°, p90 %.1f°, median %.1f° "
        + "(%d segments of %.0f m or more)",
      paths.count, total.steps, total.distance, total.stepLength, total.lengthRatio, median,
      p90, signed, total.headingErrors.count, DeadReckoningCheck.minimumDistance)
  }

  /// Fits the phone of `walks`, writes it to `path`, and returns the lines that compare the
  /// fitted phone's statistics with the walks'.
  public func fitPhone(_ walks: [ImportedWalk], to path: String) throws -> [String] {
    let fit = try PhoneFit(walks: walks)
    let comments = [
      "phone fitted by fingerpost walk import --phone to \(fit.walks) \(format.rawValue) walks",
      String(
        format:
          "APs heard per scan %.1f; %.0f %% of the recordings' Wi-Fi entries were stale (dropped)",
        fit.apsPerScan, 100 * fit.staleShare),
    ]
    try FileAccess.write(Data(fit.phone.text(comments: comments).utf8), to: path)
    var lines = [
      "phone (\(fit.walks) walks)       walk ratio spread  segment ratio spread  heading |e| median  p90    walk heading spread"
    ]
    for (name, s) in [("measured", fit.measured), ("simulated, fitted", fit.simulated)] {
      lines.append(
        name.padding(toLength: 24, withPad: " ", startingAt: 0)
          + String(
            format: "  %17.3f  %20.3f  %18.1f° %5.1f°  %19.1f°", s.walkRatioSpread,
            s.segmentRatioSpread, s.headingMedian, s.headingP90, s.walkHeadingSpread))
    }
    let n = fit.phone.deadReckoning
    lines.append(
      String(
        format:
          "wrote %@: scan interval %.2f s, length sigma %.2f, scale bias sigma %.3f, heading sigma %.0f°, drift %.2f°/√s, bias sigma %.1f°",
        path, fit.phone.device.scanInterval ?? 0, n.lengthSigma, n.scaleBiasSigma,
        n.headingSigma, n.headingDriftSigma, n.headingBiasSigma))
    return lines
  }
}
