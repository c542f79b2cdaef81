import EventStream
import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import IMDF
import Motion
import Simulation

/// One trip through a venue, recorded or simulated: its steps and scans in time order (what a
/// replay feeds a localizer) and its truth when known. Comes from a simulated scenario or from a
/// recorded event stream.
public struct Walk: Sendable {
  /// The venue's identity (`Venue.identity(ofArchiveAt:)`), for the `meta` record.
  public var venueName: String
  /// Where the venue's IMDF archive is, for the `meta` record (viewers load it from there).
  public var venuePath: String?
  /// The seed of the localizer's random numbers.
  public var seed: UInt64
  /// Dead-reckoning steps.
  public var steps: [Step] = []
  /// Wi-Fi scans.
  public var scans: [Scan] = []
  /// The true track, when known.
  public var truth: [TruthSample] = []
  /// Seconds from the start to the last event.
  public var duration: Double
  /// Where the walk starts, when known (the dead-reckoning baseline always starts there).
  public var start: Route.Waypoint?
  /// Whether the particle filter is told the start (else it starts globally).
  public var startIsKnown = false
  /// Lines of a recorded stream that could not be read (skipped).
  public var badLines = 0
}

extension Walk {
  /// The walk of a simulated scenario, told its start when the scenario says so.
  public init(scenario: Scenario, walk: SimulatedWalk) {
    venueName = Venue.identity(ofArchiveAt: scenario.venue.path)
    venuePath = Self.shortPath(scenario.venue.path)
    seed = scenario.seed
    steps = walk.steps
    scans = walk.scans
    truth = walk.truth
    duration = walk.walk.duration
    start = walk.start
    startIsKnown = scenario.localizer.knownStart
  }

  /// The walk of a recorded event stream (`truth`, `step` and `scan` records; others are
  /// ignored). Unreadable lines are reported to `warn` with their line number and skipped.
  /// The first truth record is the start; with `knownStart` the particle filter is told it.
  public init(
    stream text: String, file: String, plans: FloorPlanSet, knownStart: Bool, seed: UInt64,
    warn: (String) -> Void
  ) throws(FingerpostError) {
    venueName = ""
    self.seed = seed
    duration = 0
    var skipped: [FingerpostError] = []
    let records = StreamDecoder.records(in: text.utf8) { skipped.append($0) }
    for error in skipped { warn("\(error.inFile(file)) (skipped)") }
    badLines = skipped.count
    for (_, record) in records {
      if let t = record.time { duration = max(duration, t) }
      switch record {
      case .meta(let meta):
        venueName = meta.venue ?? venueName
        venuePath = meta.venuePath ?? venuePath
        if let s = meta.seed { self.seed = s }
      case .truth(let r):
        truth.append(r)
      case .step(let step):
        steps.append(step)
      case .scan(let scan):
        scans.append(scan)
      default:
        break
      }
    }
    steps.sort { $0.t < $1.t }
    scans.sort { $0.time < $1.time }
    truth.sort { $0.t < $1.t }
    guard !steps.isEmpty || !scans.isEmpty else {
      throw FingerpostError(.noData, file: file, "no step or scan records to replay")
    }
    if let first = truth.first {
      guard let floor = plans.floors(atOrdinal: first.ordinal).first else {
        throw FingerpostError(
          .mismatch, file: file,
          "the first truth record's ordinal \(first.ordinal) is not a level of the venue")
      }
      start = Route.Waypoint(floor: floor, point: first.position)
    } else if knownStart {
      throw FingerpostError(
        .missingField, file: file, field: "truth",
        "a known start needs a truth record to start from")
    }
    startIsKnown = knownStart
  }

  /// The truth record in force at `t`: the latest at or before it.
  public func truth(at t: Double) -> TruthSample? {
    var low = 0
    var high = truth.count
    while low < high {
      let mid = (low + high) / 2
      if truth[mid].t <= t + 1e-9 { low = mid + 1 } else { high = mid }
    }
    return low > 0 ? truth[low - 1] : nil
  }
}

extension Walk {
  /// `path` relative to the working directory when it lies inside it, else as it is.
  public static func shortPath(_ path: String) -> String {
    let here = FileManager.default.currentDirectoryPath
    let prefix = here.hasSuffix("/") ? here : here + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
