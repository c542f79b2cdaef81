import FingerpostCore
import Geometry

/// One line of an event stream: the wire format between replay, score, viewer and service.
///
/// NDJSON, one JSON object a line, `"type"` first; a stream starts with a `meta` record.
public enum StreamRecord: Sendable, Equatable {
  case meta(Meta)
  case truth(TruthSample)
  case step(Step)
  case scan(Scan)
  case pressure(Pressure)
  case fix(Fix)
  case particles(ParticlesRecord)
  case score(ScoreRecord)

  /// The record's `"type"`.
  public var type: String {
    switch self {
    case .meta: "meta"
    case .truth: "truth"
    case .step: "step"
    case .scan: "scan"
    case .pressure: "pressure"
    case .fix: "fix"
    case .particles: "particles"
    case .score: "score"
    }
  }

  /// The record's time in seconds, when it has one.
  public var time: Double? {
    switch self {
    case .meta, .score: nil
    case .truth(let r): r.t
    case .step(let r): r.t
    case .scan(let r): r.time
    case .pressure(let r): r.t
    case .fix(let r): r.t
    case .particles(let r): r.t
    }
  }
}

/// The first record: what the stream is.
public struct Meta: Sendable, Equatable {
  /// The stream schema version this tool writes: 2 added `pressure` records. It reads 1 and 2.
  public static let currentSchema = 2
  /// The schema version of the stream.
  public var schema: Int
  /// The venue (a path or name).
  public var venue: String?
  /// Where the venue's IMDF archive is, when the writer knew (relative to its working
  /// directory when inside it), so a viewer can load it.
  public var venuePath: String?
  /// The seed the stream was made with.
  public var seed: UInt64?
  /// The program that wrote the stream, e.g. `fingerpost simulate`.
  public var generator: String
  /// The WGS84 origin of the x/y frame.
  public var origin: GeoCoordinate?

  /// Creates a meta record.
  public init(
    schema: Int = currentSchema, venue: String?, venuePath: String? = nil, seed: UInt64?,
    generator: String, origin: GeoCoordinate?
  ) {
    self.schema = schema
    self.venue = venue
    self.venuePath = venuePath
    self.seed = seed
    self.generator = generator
    self.origin = origin
  }
}

/// A thinned particle cloud for viewers.
public struct ParticlesRecord: Sendable, Equatable {
  public var t: Double
  /// (x, y, ordinal) of each particle shown.
  public var points: [(x: Double, y: Double, ordinal: Int)]

  /// Creates a particles record.
  public init(t: Double, points: [(x: Double, y: Double, ordinal: Int)]) {
    self.t = t
    self.points = points
  }

  public static func == (a: ParticlesRecord, b: ParticlesRecord) -> Bool {
    a.t == b.t && a.points.count == b.points.count
      && zip(a.points, b.points).allSatisfy {
        $0.x == $1.x && $0.y == $1.y && $0.ordinal == $1.ordinal
      }
  }
}

/// A score summary: named metrics.
public struct ScoreRecord: Sendable, Equatable {
  /// Metric name → value.
  public var metrics: [String: Double]

  /// Creates a score record.
  public init(metrics: [String: Double]) {
    self.metrics = metrics
  }
}
