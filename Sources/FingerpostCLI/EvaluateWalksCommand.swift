import ArgumentParser
import FingerpostCore
import Foundation
import Localization
import Synchronization
import Workflows

/// `fingerpost evaluate-walks --format ilc SITE_DIR`: recorded walks localized with maps of the
/// other walks (leave one walk out, or K folds), scored.
struct EvaluateWalksCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "evaluate-walks",
    abstract: "Localize each recorded walk of a site with a map of the others, and score.",
    discussion: """
      ilc: SITE_DIR is a Microsoft ILC 2.0 site (floor folders with floor_info.json, \
      geojson_map.json and path_data_files). The venue is imported as `venue import` does, \
      every path file as `walk import` does. The walks are split into folds (each walk its own \
      up to 30 walks, else 10; walk i in fold i mod K); each fold's walks are replayed through \
      the particle filter and the fingerprint baseline, not told the start, with a radio map \
      built from the scans of the other folds, and scored at 2 Hz against their waypoints. What \
      the filter fits from data (step scale, scan lag, the nearest-points field) it fits to the \
      other folds' walks. Prints what was fitted, the pooled mean and p75 error, floor hit rate \
      and the competition's score (mean of error + 15 m x floor error) with 95 % \
      block-bootstrap intervals, and a row per walk.

      --oracle gives the filter what no real one has (the truth's steps or their lengths or \
      headings alone, the start, the walk's own scans in its map), one at a time, to measure \
      what limits it.
      """)

  @Option(help: "The recording format: ilc or ipin.")
  var format: WalkEvaluation.Format

  @Argument(help: "The site folder.")
  var site: String

  @Option(help: "Particles of the filter.")
  var particles = 2000

  @Option(help: "Seed of the filters.")
  var seed: UInt64 = 1

  @Option(help: "Workers (default: one per core).")
  var jobs: Int?

  @Option(help: "Folds by walk (default: leave one walk out up to 30 walks, else 10).")
  var folds: Int?

  @Option(
    help: """
      Floors to evaluate, by folder name, comma-separated (default: all; the floor is still \
      estimated among all of the site's floors).
      """)
  var floors: String?

  @Option(
    help: """
      What weighs the filter's scans: radio-map, neighbours or both (default: neighbours or \
      radio-map, whichever localizes each fold's training walks better).
      """)
  var measurement: ParticleFilterSettings.Measurement?

  @Flag(help: "Use the filter's settings as they are, fitting nothing to the training walks.")
  var noCalibration = false

  @Option(
    help: """
      Give the filter what no real one has: truth-steps (truth-lengths, truth-headings: one part \
      of them), true-start, own-walk.
      """)
  var oracle: [WalkEvaluation.Oracle] = []

  @Option(
    help: """
      Write each walk's truth with the fixes of each localizer (NAME.pf.ndjson, \
      NAME.fingerprint.ndjson, NAME.knn.ndjson) to this folder, and the venue to its venue/ \
      folder, for `fingerpost view`.
      """)
  var streams: String?

  @Option(help: "Also write the report as JSON to this file (- for standard output).")
  var json: String?

  func run() throws {
    var evaluation = WalkEvaluation(site: site)
    evaluation.format = format
    evaluation.settings.particles = particles
    evaluation.seed = seed
    evaluation.jobs = jobs
    evaluation.folds = folds
    evaluation.floors = floors.map { $0.split(separator: ",").map(String.init) }
    evaluation.measurement = measurement
    evaluation.calibrates = !noCalibration
    evaluation.oracles = Set(oracle)
    evaluation.streams = streams
    if let folds, folds < 2 {
      throw ValidationError("--folds must be at least 2 (got \(folds))")
    }
    // The walks are counted once the site is read: the bar is made at the first report.
    let bar = Mutex<ProgressBar?>(nil)
    let report = try evaluation.run { progress in
      bar.withLock { bar in
        if bar == nil {
          bar = ProgressBar(
            command: "evaluate-walks", total: progress.total, unit: "walks replayed")
        }
        bar?.draw(progress.walks, "(fold \(progress.folds))")
      }
    }
    bar.withLock { $0?.finish() }
    if json != "-" { print(report.text, terminator: "") }
    if let json { try FileAccess.write(Data(try report.json().utf8), to: json) }
  }
}

extension ParticleFilterSettings.Measurement: ExpressibleByArgument {}
extension WalkEvaluation.Oracle: ExpressibleByArgument {}
extension WalkEvaluation.Format: ExpressibleByArgument {}
