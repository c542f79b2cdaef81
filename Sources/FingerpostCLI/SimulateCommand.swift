import ArgumentParser
import ConfigFiles
import EventStream
import Foundation
import Radio
import Replay
import Simulation

/// `fingerpost simulate SCENARIO -o FILE`: the scenario's walk as an event stream.
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Simulate a scenario's walk: truth, steps and scans as an NDJSON event stream.")

  @Argument(help: "The scenario file (YAML or JSON).")
  var scenario: String

  @Option(name: .shortAndLong, help: "The event stream to write (- for standard output).")
  var output: String

  @Option(help: "Seed of the walk (overrides the scenario's).")
  var seed: UInt64?

  func run() throws {
    let (scenario, walk) = try simulateScenario(scenario, seed: seed)
    let text = EventLog.stream(scenario: scenario, walk: walk)
    if output == "-" {
      FileHandle.standardOutput.write(Data(text.utf8))
    } else {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
      printError(
        "wrote \(output): \(walk.truth.count) truth, \(walk.steps.count) steps, \(walk.scans.count) scans over "
          + "\(walk.walk.duration.formatted(decimals: 1)) s")
    }
  }
}

/// Reads a scenario, loads its world and simulates the walk (with `seed` instead of the file's).
func simulateScenario(_ path: String, seed: UInt64? = nil) throws -> (Scenario, SimulatedWalk) {
  let (scenario, walk, _) = try simulateScenarioInWorld(path, seed: seed)
  return (scenario, walk)
}

/// Reads a scenario, loads its world and simulates the walk, returning the world too.
func simulateScenarioInWorld(_ path: String, seed: UInt64? = nil) throws -> (
  Scenario, SimulatedWalk, World
) {
  var scenario: Scenario
  do {
    scenario = try Scenario(contentsOf: URL(fileURLWithPath: path))
  } catch {
    throw CLIError(error.description)
  }
  if let seed { scenario.seed = seed }
  let (world, _) = try loadWorld(file: scenario.world.path, venue: scenario.venue.path)
  do {
    return (scenario, try scenario.simulate(in: world), world)
  } catch let error as ConfigurationError {
    throw CLIError(error.description)
  }
}

/// Encodes a simulated walk as an event stream: `meta`, then `truth`, `step` and `scan` records
/// in time order.
enum EventLog {
  static func stream(scenario: Scenario, walk: SimulatedWalk) -> String {
    var records: [(t: Double, order: Int, record: StreamRecord)] = []
    let input = ReplayInput(scenario: scenario, walk: walk)
    for truth in input.truth {
      records.append((truth.t, 0, .truth(truth)))
    }
    for step in walk.steps {
      records.append(
        (
          step.t, 1,
          .step(StepRecord(t: step.t, length: step.length, speed: nil, heading: step.heading))
        ))
    }
    for scan in walk.scans {
      records.append(
        (
          scan.time, 2,
          .scan(ScanRecord(t: scan.time, device: scan.device, readings: scan.readings))
        ))
    }
    records.sort { ($0.t, $0.order) < ($1.t, $1.order) }
    let meta = StreamRecord.meta(
      Meta(
        venue: input.venueName, venuePath: input.venuePath, seed: scenario.seed,
        generator: "fingerpost simulate", origin: walk.origin
      )
    )
    return ([meta] + records.map(\.record)).map(StreamEncoder.line).joined(separator: "\n") + "\n"
  }
}
