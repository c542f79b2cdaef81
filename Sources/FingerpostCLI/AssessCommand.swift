import ArgumentParser
import FingerpostCore
import Foundation
import Workflows

/// `fingerpost assess VENUE`: how well positioning will work in a venue, in one command.
struct AssessCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assess",
    abstract: "How well will positioning work in this venue: simulate, survey, walk, score.",
    discussion: """
      Builds a radio world (--world, or APs placed at --density per 100 m²), simulates a survey
      every --survey-spacing metres and ingests it, then walks --walks random walks (stops in
      random units on random levels, floor changes through the venue's own connectors) and
      replays each through the particle filter (not told the start) and both baselines. Prints
      the pooled scores with 95 % bootstrap intervals, the filter's per level, and every walk's
      worst moment. Seeded: the same arguments give the same report.
      """)

  @Argument(help: "The IMDF venue (folder or .zip).")
  var venue: String

  @Option(help: "A radio world file (YAML); without one, APs are placed at --density.")
  var world: String?

  @Option(help: "APs per 100 m² of walkable space, when no --world is given.")
  var density = 0.6

  @Option(help: "Metres between the simulated survey's stops.")
  var surveySpacing = 2.0

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

  @OptionGroup var usage: UsageOptions

  func validate() throws {
    if !(1...1000).contains(walks) { throw ValidationError("--walks must be 1…1000") }
    if !(0...1000).contains(kidnaps) { throw ValidationError("--kidnaps must be 0…1000") }
    if !(surveySpacing >= 0.5 && surveySpacing <= 50) {
      throw ValidationError("--survey-spacing must be 0.5…50 metres")
    }
    if !(density > 0 && density <= 20) { throw ValidationError("--density must be above 0, ≤ 20") }
    if !(10...100_000).contains(particles) {
      throw ValidationError("--particles must be 10…100000")
    }
  }

  func run() throws {
    defer { usage.report("assess") }
    var assessment = Assessment(venuePath: venue)
    assessment.worldFile = world
    assessment.density = density
    assessment.surveySpacing = surveySpacing
    assessment.walks = walks
    assessment.kidnaps = kidnaps
    assessment.particles = particles
    assessment.seed = seed
    assessment.streams = streams
    let progress = ProgressBar(command: "assess", total: walks + kidnaps, unit: "walks replayed")
    let report = try assessment.run { stage, done, _ in
      if stage == "walks" { progress.draw(done, "") }
    }
    progress.finish()
    if json == "-" {
      print(try report.json())
      return
    }
    print(report.text)
    if let json {
      try FileAccess.write(Data(try report.json().utf8), to: json)
      printError("wrote \(json)")
    }
  }
}
