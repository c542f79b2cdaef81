import ArgumentParser
import FingerpostCore
import Foundation
import Synchronization
import Workflows

/// `fingerpost evaluate-walks --format ilc SITE_DIR`: leave-one-walk-out over recorded walks.
struct EvaluateWalksCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "evaluate-walks",
    abstract: "Localize each recorded walk of a site with a map of the others, and score.",
    discussion: """
      ilc: SITE_DIR is a Microsoft ILC 2.0 site (floor folders with floor_info.json, \
      geojson_map.json and path_data_files). The venue is imported as `venue import` does, \
      every path file as `walk import` does; then each walk is replayed through the particle \
      filter and the fingerprint baseline, not told its start, with a radio map built from the \
      scans of every other walk (leave one walk out), and scored at 2 Hz against its \
      waypoints. Prints the pooled mean and p75 error, floor hit rate and the competition's \
      score (mean of error + 15 m x floor error) with 95 % block-bootstrap intervals, and a row \
      per walk.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ilc
  }

  @Option(help: "The recording format: ilc.")
  var format: Format

  @Argument(help: "The site folder.")
  var site: String

  @Option(help: "Particles of the filter.")
  var particles = 2000

  @Option(help: "Seed of the filters.")
  var seed: UInt64 = 1

  @Option(help: "Workers (default: one per core).")
  var jobs: Int?

  @Option(help: "Also write the report as JSON to this file (- for standard output).")
  var json: String?

  func run() throws {
    var evaluation = WalkEvaluation(site: site)
    evaluation.settings.particles = particles
    evaluation.seed = seed
    evaluation.jobs = jobs
    // The walks are counted once the site is read: the bar is made at the first report.
    let bar = Mutex<ProgressBar?>(nil)
    let report = try evaluation.run { _, done, total in
      bar.withLock { bar in
        if bar == nil {
          bar = ProgressBar(command: "evaluate-walks", total: total, unit: "walks replayed")
        }
        bar?.draw(done, "")
      }
    }
    bar.withLock { $0?.finish() }
    if json != "-" { print(report.text, terminator: "") }
    if let json { try FileAccess.write(Data(try report.json().utf8), to: json) }
  }
}
