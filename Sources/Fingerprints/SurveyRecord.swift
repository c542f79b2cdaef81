import FingerpostCore
import Geometry

/// One line of a survey: a scan tagged with where it was taken.
public struct SurveyRecord: Hashable, Sendable {
  /// The scan.
  public var scan: Scan
  /// The floor ordinal, when known.
  public var ordinal: Int?
  /// The IMDF level id, when known.
  public var levelID: String?
  /// A building label (an IMDF building id or a dataset's building number).
  public var building: String?
  /// The position in the venue frame, metres (x east, y north)…
  public var position: Point?
  /// …or in WGS84 (or a dataset's own projected metres, see the survey header).
  public var coordinate: GeoCoordinate?
  /// The client's id for this scan (the line's `"id"`), which makes sending it again idempotent.
  public var id: String?

  /// Creates a record.
  public init(
    scan: Scan, ordinal: Int? = nil, levelID: String? = nil, building: String? = nil,
    position: Point? = nil,
    coordinate: GeoCoordinate? = nil, id: String? = nil
  ) {
    self.scan = scan
    self.ordinal = ordinal
    self.levelID = levelID
    self.building = building
    self.position = position
    self.coordinate = coordinate
    self.id = id
  }
}

/// The first line of a survey file: what the survey is of and how it was made.
public struct SurveyHeader: Hashable, Sendable {
  /// The survey format version this tool writes and reads.
  public static let currentVersion = 1
  /// The format version of the file.
  public var version: Int
  /// The venue the positions refer to (a name or path), if any.
  public var venue: String?
  /// The origin of the venue frame the x/y positions are in, if given.
  public var origin: GeoCoordinate?
  /// The tool or person that made the survey.
  public var source: String?
  /// The frame of x/y when not a venue frame: `EPSG:3857` for Web-Mercator metres (UJIIndoorLoc).
  public var frame: String?

  /// Creates a header.
  public init(
    version: Int = currentVersion, venue: String? = nil, origin: GeoCoordinate? = nil,
    source: String? = nil, frame: String? = nil
  ) {
    self.version = version
    self.venue = venue
    self.origin = origin
    self.source = source
    self.frame = frame
  }
}

/// A problem met reading a survey: the line is skipped or the value dropped, and counted.
public struct SurveyProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// What was wrong.
  public var message: String
  /// Whether the whole line was skipped (else only a reading was dropped).
  public var skippedLine: Bool

  /// A problem at `line` of `file` (0 for the whole file).
  public init(file: String, line: Int, message: String, skippedLine: Bool) {
    self.file = file
    self.line = line
    self.message = message
    self.skippedLine = skippedLine
  }

  public var description: String {
    line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
  }
}
