import FingerpostCore
import FloorPlans
import Foundation

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
  /// Barometer samples.
  public var pressures: [Pressure] = []
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

  /// A walk of no events yet in the venue `venueName` (found at `venuePath`).
  public init(venueName: String, venuePath: String? = nil, seed: UInt64, duration: Double = 0) {
    self.venueName = venueName
    self.venuePath = venuePath
    self.seed = seed
    self.duration = duration
  }
}

extension Walk {
  /// The truth record in force at `t`: the latest at or before it.
  public func truth(at t: Double) -> TruthSample? {
    TruthSample.sample(in: truth, at: t)
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
