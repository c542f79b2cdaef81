import FingerpostCore
import Fingerprints
import Geometry

/// A walk read from a phone's recording (an ILC path file, an IPIN log): what `walk import`
/// writes and reports, whatever the format.
public protocol ImportedWalk: Sendable {
  /// The recording's file.
  var file: String { get }
  /// The ground truth.
  var truth: [TruthSample] { get set }
  /// Dead-reckoning steps.
  var steps: [Step] { get }
  /// Wi-Fi scans.
  var scans: [Scan] { get }
  /// The WGS84 origin of the x/y frame.
  var origin: GeoCoordinate { get }
  /// Everything wrong with the recording, by line.
  var problems: [SurveyProblem] { get }
  /// How the steps compare with the ground truth's checkpoints.
  var check: DeadReckoningCheck { get }
  /// The walk as an event stream.
  var eventStream: String { get }
}

extension ILCWalkImporter.Walk: ImportedWalk {}
extension IPINWalkImporter.Walk: ImportedWalk {}
