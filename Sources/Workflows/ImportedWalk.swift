import EventStream
import FingerpostCore
import Fingerprints
import Foundation
import Geometry

/// A walk read from a phone's recording (an ILC path file, an IPIN log): truth, steps, scans and
/// barometer, in one x/y frame, with what was wrong with the file and how the steps compare
/// with the truth. What `walk import` writes and `evaluate-walks` scores, whatever the format.
public struct ImportedWalk: Sendable {
  /// The recording's file.
  public var file: String
  /// The recording's format, as `walk import --format` names it (`ilc`, `ipin`).
  public var format: String
  /// The ground truth, every importer's `truthInterval` seconds and at each checkpoint.
  public var truth: [TruthSample]
  /// Dead-reckoning steps.
  public var steps: [Step]
  /// Wi-Fi scans (those left with no fresh entry are dropped).
  public var scans: [Scan]
  /// Barometer samples (none when the recording has no barometer).
  public var pressures: [Pressure]
  /// The WGS84 origin of the x/y frame.
  public var origin: GeoCoordinate
  /// The floor the walk starts on (an ILC file's floor; an IPIN log's first landmark), if known.
  public var ordinal: Int?
  /// When the recording started (the clock its times count from), if it says.
  public var started: Date? = nil
  /// Stale Wi-Fi entries dropped.
  public var staleEntries: Int
  /// Everything wrong with the recording, by line.
  public var problems: [SurveyProblem]
  /// How the steps compare with the ground truth's checkpoints.
  public var check: DeadReckoningCheck

  /// The walk as an event stream: `meta`, then `truth`, `step`, `scan` and (when there are
  /// any) `pressure` records in time order.
  public var eventStream: String {
    StreamEncoder.walk(
      meta: Meta(
        venue: nil, seed: nil, generator: "fingerpost walk import \(format)", origin: origin),
      truth: truth, steps: steps, scans: scans, pressures: pressures)
  }
}
