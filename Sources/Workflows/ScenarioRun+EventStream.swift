import EventStream
import FingerpostCore
import Replay

extension ScenarioRun {
  /// The walk as an event stream: `meta`, then `truth`, `step`, `scan` and `pressure` records in
  /// time order (in that order at the same time), one NDJSON line each.
  public var eventStream: String {
    let walk = simulated.walk
    return StreamEncoder.walk(
      meta: Meta(
        venue: walk.venueName, venuePath: walk.venuePath, seed: scenario.seed,
        generator: "fingerpost simulate", origin: simulated.origin),
      truth: walk.truth, steps: walk.steps, scans: walk.scans, pressures: walk.pressures)
  }
}
