import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Geometry
import Simulation

extension Walk {
  /// The walk of a recorded event stream (`truth`, `step`, `scan` and `pressure` records; others are
  /// ignored). Unreadable lines are reported to `warn` with their line number and skipped.
  /// Truth drawn about another origin than the venue's (the `meta` record's) is carried into
  /// the venue's frame. The first truth record is the start; with `knownStart` the particle
  /// filter is told it.
  public init(
    stream text: String, file: String, plans: FloorPlanSet, knownStart: Bool, seed: UInt64,
    warn: (String) -> Void
  ) throws(FingerpostError) {
    self.init(venueName: "", seed: seed)
    var skipped: [FingerpostError] = []
    var records = StreamDecoder.records(in: text.utf8) { skipped.append($0) }
    // An event far from the others (t = 1e300, or days after the one before it) would have
    // the replay give a fix every half second until then: it is a bad line.
    var newest: Double?
    records.removeAll { line, record in
      guard let t = record.time else { return false }
      guard abs(t) <= SurveyRecord.timeLimit, t <= (newest ?? t) + Self.gapLimit else {
        skipped.append(
          FingerpostError(
            .invalidValue, line: line, field: "t",
            "\(t) s is out of range (|t| ≤ 1e10 s, at most a day after the event before it)"))
        return true
      }
      newest = max(newest ?? t, t)
      return false
    }
    skipped.sort { ($0.line ?? 0) < ($1.line ?? 0) }
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
      case .pressure(let pressure):
        pressures.append(pressure)
      default:
        break
      }
    }
    if let origin = records.lazy.compactMap({ record -> GeoCoordinate? in
      if case .meta(let meta) = record.1 { return meta.origin }
      return nil
    }).first, origin != plans.frame.origin {
      let streamFrame = LocalFrame(origin: origin)
      for i in truth.indices {
        truth[i].position = plans.frame.point(truth[i].position, from: streamFrame)
      }
    }
    steps.sort { $0.t < $1.t }
    scans.sort { $0.time < $1.time }
    pressures.sort { $0.t < $1.t }
    truth.sort { $0.t < $1.t }
    guard !steps.isEmpty || !scans.isEmpty else {
      throw FingerpostError(.noData, file: file, "no step or scan records to replay")
    }
    if let first = truth.first {
      // Levels may share an ordinal: the truth's unit, else where its position is, says which.
      guard
        let floor = first.unitID.flatMap(plans.unitRef(id:))?.floor
          ?? plans.floor(atOrdinal: first.ordinal, containing: first.position)
      else {
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
}

extension Walk {
  /// The longest an event of a recorded stream may come after the one before it, seconds.
  public static let gapLimit = 86_400.0

  /// The walk's steps, scans and barometer samples as event-stream records (not in time order).
  public var events: [StreamRecord] {
    steps.map(StreamRecord.step) + scans.map(StreamRecord.scan)
      + pressures.map(StreamRecord.pressure)
  }
}
