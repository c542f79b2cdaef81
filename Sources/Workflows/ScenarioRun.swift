import FingerpostCore
import Foundation
import Radio
import Simulation

/// A scenario file read, its world loaded and its walk simulated: what `simulate`, `replay` and
/// `suite` start from.
public struct ScenarioRun: Sendable {
  /// The scenario, with the seed the walk used.
  public let scenario: Scenario
  /// Its radio world.
  public let world: World
  /// The simulated walk: its true path and what the phone recorded.
  public let simulated: SimulatedWalk

  /// Reads the scenario at `path`, loads its world and simulates the walk (with `seed` instead
  /// of the file's, when given).
  public init(file path: String, seed: UInt64? = nil) throws(FingerpostError) {
    var scenario = try Scenario(contentsOf: URL(fileURLWithPath: path))
    if let seed { scenario.seed = seed }
    let (world, _) = try World.load(file: scenario.world.path, venue: scenario.venue.path)
    try self.init(scenario: scenario, world: world)
  }

  /// Simulates `scenario`'s walk (with its seed) in `world`.
  public init(scenario: Scenario, world: World) throws(FingerpostError) {
    self.scenario = scenario
    self.world = world
    do {
      simulated = try scenario.simulate(in: world)
    } catch let error as FingerpostError {
      throw error
    } catch {
      throw FingerpostError(.invalidValue, file: scenario.file.path, "\(error)")
    }
  }
}
