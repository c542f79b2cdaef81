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

  @Option(help: "The recording format: ilc or ipin.")
  var format: RecordingImport.Format

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
    var recordings = RecordingImport(
      format: format, paths: try FileAccess.files(in: files, withExtension: "txt"),
      plans: try venue.map { FloorPlanSet(venue: try VenueLoader.load(path: $0)) })
    recordings.origin = origin?.coordinate
    let walks = try recordings.walks { print($0) }
    print(RecordingImport.header)
    let summary = try recordings.write(
      walks, to: output, row: { print($0) }, warn: { printError($0) })
    if let phone { for line in try recordings.fitPhone(walks, to: phone) { print(line) } }
    if let summary { print(summary) }
  }
}

extension RecordingImport.Format: ExpressibleByArgument {}
