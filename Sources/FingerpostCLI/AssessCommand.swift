import ArgumentParser
import FingerpostCore
import Foundation
import Localization
import Simulation
import Workflows

/// `fingerpost assess VENUE`: how well positioning will work in a venue, in one command.
struct AssessCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assess",
    abstract: "How well will positioning work in this venue: simulate, survey, walk, score.",
    discussion: """
      Builds a radio world (--world, or APs placed at --density per 100 m²), simulates a survey \
      every --survey-spacing metres and ingests it, then walks --walks random walks (stops in \
      random units on random levels, floor changes through the venue's own connectors) and \
      replays each through the particle filter (not told the start) and both baselines. Prints \
      the pooled scores with 95 % bootstrap intervals, the filter's per level and per unit \
      category, every walk's worst moment, and why: per unit, the measured error beside the \
      radio map's expected error of one scan (Cramér–Rao bound), APs heard and survey distance \
      (--geojson writes them as a map). Several values of --density or --survey-spacing \
      (0.3,0.6,1.2) print one row per setting instead. Seeded: the same arguments give the \
      same report.
      """)

  @Argument(help: "The IMDF venue (folder or .zip).")
  var venue: String

  @Option(help: "A radio world file (YAML); without one, APs are placed at --density.")
  var world: String?

  @Option(
    help:
      "A phone file (YAML: device and dead_reckoning, as walk import --phone fits them to real walks) for the walks."
  )
  var phone: String?

  @Option(
    help:
      "A folder of recorded walks (event streams, as walk import writes them): walk their routes instead of random ones."
  )
  var routes: String?

  @Option(
    help:
      "What weighs the filter's scans: radio-map (default), neighbours or both (as evaluate-walks --measurement)."
  )
  var measurement: ParticleFilterSettings.Measurement?

  @Option(help: "APs per 100 m² of walkable space, when no --world is given (several: 0.3,0.6).")
  var density = NumberList([0.6])

  @Option(help: "Metres between the simulated survey's stops (several: 2,4,8).")
  var surveySpacing = NumberList([2])

  @Option(help: "A survey (NDJSON) made in the --world, to build the radio map from.")
  var survey: String?

  @Option(help: "A radio map (.fpmap) of the --world's APs, to localize with.")
  var radioMap: String?

  @Option(help: "Random walks to replay.")
  var walks = 20

  @Option(help: "Further walks with a kidnap (the walker carried elsewhere), for recovery times.")
  var kidnaps = 10

  @Option(help: "Particles of the filter.")
  var particles = 2000

  @Option(help: "Seed of the world's placement, the survey and the walks.")
  var seed: UInt64 = 1

  @Option(help: "Write the report as JSON to this file (- for standard output).")
  var json: String?

  @Option(help: "Write every walk's truth and fixes as event streams into this folder.")
  var streams: String?

  @Option(help: "Write the accuracy map (GeoJSON, WGS84: a feature per unit) to this file.")
  var geojson: String?

  @Option(help: "Add to the report and the map a grid of squares this many metres wide.")
  var cellSize: Double?

  @OptionGroup var usage: UsageOptions

  func validate() throws {
    if !(1...1000).contains(walks) { throw ValidationError("--walks must be 1…1000") }
    if !(0...1000).contains(kidnaps) { throw ValidationError("--kidnaps must be 0…1000") }
    if !surveySpacing.values.allSatisfy({ $0 >= 0.5 && $0 <= 50 }) {
      throw ValidationError("--survey-spacing must be 0.5…50 metres")
    }
    if !density.values.allSatisfy({ $0 > 0 && $0 <= 20 }) {
      throw ValidationError("--density must be above 0, ≤ 20")
    }
    if let cellSize, !(cellSize >= 0.5 && cellSize <= 100) {
      throw ValidationError("--cell-size must be 0.5…100 metres")
    }
    if survey != nil || radioMap != nil {
      if survey != nil && radioMap != nil {
        throw ValidationError("give --survey or --radio-map, not both")
      }
      if world == nil {
        throw ValidationError(
          "--survey and --radio-map need the --world their APs are in (the walks are simulated there)"
        )
      }
    }
    if isSweep && (geojson != nil || streams != nil || survey != nil || radioMap != nil) {
      throw ValidationError(
        "several --density or --survey-spacing values sweep: no --geojson, --streams, --survey or --radio-map"
      )
    }
    if !(10...100_000).contains(particles) {
      throw ValidationError("--particles must be 10…100000")
    }
  }

  /// Whether several settings are asked for (one row each).
  var isSweep: Bool { density.values.count > 1 || surveySpacing.values.count > 1 }

  func run() throws {
    defer { usage.report("assess") }
    var assessment = Assessment(venuePath: venue)
    assessment.worldFile = world
    assessment.density = density.values[0]
    assessment.surveySpacing = surveySpacing.values[0]
    assessment.surveyFile = survey
    assessment.radioMapFile = radioMap
    assessment.walks = walks
    assessment.kidnaps = kidnaps
    assessment.particles = particles
    assessment.seed = seed
    assessment.streams = streams
    assessment.routes = routes
    assessment.measurement = measurement
    assessment.cellSize = cellSize
    assessment.phone = try phone.map { path throws(FingerpostError) in
      try PhoneFile(contentsOf: URL(fileURLWithPath: path))
    }
    if isSweep {
      try sweep(assessment)
      return
    }
    let progress = ProgressBar(command: "assess", total: walks + kidnaps, unit: "walks replayed")
    let setting = try assessment.prepare()
    let report = try assessment.run(in: setting) { event in
      if case .walks(let done, _) = event { progress.draw(done, "") }
    }
    progress.finish()
    if let geojson {
      try FileAccess.write(
        try AccuracyMap.geojson(report, plans: setting.world.plans), to: geojson)
      printError("wrote \(geojson)")
    }
    try emit(report.text, json: report.json)
  }

  /// `text` on standard output, or the JSON with `--json -`; with `--json FILE`, both.
  func emit(_ text: String, json encode: () throws -> String) throws {
    if json == "-" {
      print(try encode())
      return
    }
    print(text)
    if let json {
      try FileAccess.write(Data(try encode().utf8), to: json)
      printError("wrote \(json)")
    }
  }

  /// One row per density and survey spacing.
  func sweep(_ assessment: Assessment) throws {
    let settings = (world == nil ? density.values.count : 1) * surveySpacing.values.count
    let progress = ProgressBar(
      command: "assess", total: settings * (walks + kidnaps), unit: "walks replayed")
    let perSetting = walks + kidnaps
    let sweep = try AssessmentSweep.run(
      assessment, densities: density.values, spacings: surveySpacing.values
    ) { setting, label, done, _ in
      progress.draw(setting * perSetting + done, label)
    }
    progress.finish()
    try emit(sweep.text, json: sweep.json)
  }
}

/// Comma-separated numbers on the command line: `0.3,0.6,1.2`.
struct NumberList: ExpressibleByArgument, Sendable {
  /// The numbers, in the order given.
  var values: [Double]

  init(_ values: [Double]) { self.values = values }

  init?(argument: String) {
    let values = argument.split(separator: ",").map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard !values.isEmpty, values.allSatisfy({ $0?.isFinite == true }) else { return nil }
    self.values = values.map { $0! }
  }

  var defaultValueDescription: String {
    values.map { $0.formatted(decimals: 1) }.joined(separator: ",")
  }
}
