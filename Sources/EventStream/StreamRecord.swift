import Geometry
import WiFi

/// One line of an event stream: the wire format between replay, score, viewer and service.
///
/// NDJSON, one JSON object a line, `"type"` first; a stream starts with a `meta` record.
public enum StreamRecord: Sendable, Equatable {
  case meta(Meta)
  case truth(TruthRecord)
  case step(StepRecord)
  case scan(ScanRecord)
  case fix(FixRecord)
  case particles(ParticlesRecord)
  case score(ScoreRecord)

  /// The record's `"type"`.
  public var type: String {
    switch self {
    case .meta: "meta"
    case .truth: "truth"
    case .step: "step"
    case .scan: "scan"
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
    case .scan(let r): r.t
    case .fix(let r): r.t
    case .particles(let r): r.t
    }
  }
}

/// The first record: what the stream is.
public struct Meta: Sendable, Equatable {
  /// The stream schema version this tool writes and reads.
  public static let currentSchema = 1
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

/// Where the walker truly is.
public struct TruthRecord: Sendable, Equatable {
  /// Seconds since the start.
  public var t: Double
  /// Floor ordinal.
  public var ordinal: Int
  /// Position in the venue frame, metres.
  public var x: Double
  public var y: Double
  /// The IMDF unit id the walker is in, if any.
  public var unit: String?
  /// Heading in degrees clockwise from north.
  public var heading: Double?
  /// Whether this is a checkpoint (a surveyed point the walker stood on), where competitions
  /// score.
  public var checkpoint: Bool

  /// Creates a truth record.
  public init(
    t: Double, ordinal: Int, x: Double, y: Double, unit: String?, heading: Double?,
    checkpoint: Bool = false
  ) {
    self.t = t
    self.ordinal = ordinal
    self.x = x
    self.y = y
    self.unit = unit
    self.heading = heading
    self.checkpoint = checkpoint
  }
}

/// One dead-reckoning sample: a step of a length, or a speed, along a heading.
public struct StepRecord: Sendable, Equatable {
  /// Seconds since the start.
  public var t: Double
  /// Step length in metres (pedestrian dead reckoning)…
  public var length: Double?
  /// …or speed in m/s.
  public var speed: Double?
  /// Heading in degrees clockwise from north, as the device measured it.
  public var heading: Double

  /// Creates a step record.
  public init(t: Double, length: Double?, speed: Double?, heading: Double) {
    self.t = t
    self.length = length
    self.speed = speed
    self.heading = heading
  }
}

/// One Wi-Fi scan.
public struct ScanRecord: Sendable, Equatable {
  /// Seconds since the start.
  public var t: Double
  /// The scanning device.
  public var device: String?
  /// The readings.
  public var readings: [Reading]

  /// Creates a scan record.
  public init(t: Double, device: String?, readings: [Reading]) {
    self.t = t
    self.device = device
    self.readings = readings
  }
}

/// One position estimate, with CoreLocation's habits: accuracy as a radius in metres, floor as
/// an integer ordinal, course in degrees from north, speed in m/s.
public struct FixRecord: Sendable, Equatable {
  public var t: Double
  public var lat: Double?
  public var lon: Double?
  public var x: Double
  public var y: Double
  public var ordinal: Int
  public var levelID: String?
  public var unitID: String?
  public var unitName: String?
  /// Radius holding about 95 % of the estimate, metres.
  public var accuracy: Double
  public var course: Double?
  public var speed: Double?

  /// Creates a fix record.
  public init(
    t: Double, lat: Double?, lon: Double?, x: Double, y: Double, ordinal: Int, levelID: String?,
    unitID: String?,
    unitName: String?, accuracy: Double, course: Double? = nil, speed: Double? = nil
  ) {
    self.t = t
    self.lat = lat
    self.lon = lon
    self.x = x
    self.y = y
    self.ordinal = ordinal
    self.levelID = levelID
    self.unitID = unitID
    self.unitName = unitName
    self.accuracy = accuracy
    self.course = course
    self.speed = speed
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
