import ArgumentParser
import FingerpostCore
import Foundation
import Workflows

/// `fingerpost simulate SCENARIO -o FILE`: the scenario's walk as an event stream.
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract:
      "Simulate a scenario's walk: truth, steps, scans (and pressure) as an NDJSON event stream.")

  @Argument(help: "The scenario file (YAML or JSON).")
  var scenario: String

  @Option(name: .shortAndLong, help: "The event stream to write (- for standard output).")
  var output: String

  @Option(help: "Seed of the walk (overrides the scenario's).")
  var seed: UInt64?

  @OptionGroup var usage: UsageOptions

  func run() throws {
    defer { usage.report("simulate") }
    let run = try ScenarioRun(file: scenario, seed: seed)
    try FileAccess.write(Data(run.eventStream.utf8), to: output)
    if output != "-" {
      let walk = run.simulated.walk
      printError(
        "wrote \(output): \(walk.truth.count) truth, \(walk.steps.count) steps, \(walk.scans.count) scans"
          + (walk.pressures.isEmpty ? "" : ", \(walk.pressures.count) pressures")
          + " over \(walk.duration.formatted(decimals: 1)) s")
    }
  }
}
