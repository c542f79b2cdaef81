import EventStream
import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Scoring

/// Everything the viewer shows: the venue, the stream so far, the view and its toggles. Pure:
/// lines and actions go in, the renderer reads it out; the terminal loop owns one.
public struct ViewerState: Sendable {
  /// The venue's floor plans.
  public let plans: FloorPlanSet
  /// Occupants and amenities of the venue's units.
  public let places: PlaceDirectory
  /// The venue's name for the title bar.
  public let venueName: String
  /// The extent of the venue, metres.
  public let bounds: BoundingBox

  /// The map area.
  public var viewport: Viewport
  /// Every fix so far, in stream order.
  public internal(set) var fixes: [Fix] = []
  /// The plan of each fix.
  public internal(set) var fixFloors: [FloorID] = []
  /// Every truth record so far.
  public internal(set) var truths: [TruthSample] = []
  /// Horizontal error of each fix against the truth in force at its time, metres (when the
  /// stream carries truth).
  public internal(set) var errors: [Double] = []
  /// The latest particle cloud.
  public internal(set) var particles: ParticlesRecord?
  /// The stream's meta record.
  public internal(set) var meta: Meta?

  /// Lines read from the stream (blank ones included).
  public internal(set) var lineCount = 0
  /// Lines that could not be read, and the last reason.
  public internal(set) var badLines = 0
  public internal(set) var lastProblem: String?
  /// Lines read while paused, shown on resume.
  public internal(set) var buffered: [String] = []

  /// The plan shown when the user picked one; nil follows the fix.
  public var pinnedFloor: FloorID?
  /// Whether the view moves with the fix.
  public var following = true
  /// Layers shown.
  public var layers = Set(ViewerAction.Layer.allCases)
  /// Whether new input waits in `buffered`.
  public internal(set) var paused = false
  /// Whether the help overlay is open.
  public var showingHelp = false
  /// Whether standard input has ended.
  public var ended = false
  /// Whether there is no stream at all (standard input is the terminal).
  public var streamless = false
  /// Whether the user asked to quit.
  public internal(set) var quitting = false
  /// How many recent fixes the trail shows.
  public var trailLength = 40

  /// The state for `plans` on a map area of `columns` × `rows` cells, showing the whole venue.
  public init(
    plans: FloorPlanSet, places: PlaceDirectory, venueName: String, columns: Int, rows: Int
  ) {
    self.plans = plans
    self.places = places
    self.venueName = venueName
    bounds = plans.bounds ?? BoundingBox(min: Point(x: -10, y: -10), max: Point(x: 10, y: 10))
    viewport = .fitting(bounds, columns: columns, rows: rows)
  }

  /// The latest fix.
  public var latestFix: Fix? { fixes.last }

  /// The plan shown: the pinned one, else the latest fix's, else the ground floor's.
  public var shownFloor: FloorID {
    if let pinnedFloor { return pinnedFloor }
    if let p = fixFloors.last { return p }
    return plans.floors.first { plans[$0].ordinal >= 0 } ?? FloorID(0)
  }

  /// The latest truth record read.
  public var latestTruth: TruthSample? { truths.last }

  /// Fixes per second of stream time over the recent fixes.
  public var fixRate: Double? {
    guard fixes.count >= 2 else { return nil }
    let recent = fixes.suffix(11)
    let span = recent.last!.t - recent.first!.t
    return span > 0 ? Double(recent.count - 1) / span : nil
  }

  /// The running 75th percentile of the horizontal error, metres (linear interpolation, as
  /// `fingerpost score` reads it by default).
  public var errorP75: Double? {
    errors.isEmpty ? nil : PercentileMethod.linear.quantile(errors, 0.75)
  }

  /// The horizontal error of the latest fix, when the stream carries truth.
  public var latestError: Double? {
    guard let fix = latestFix, let truth = truth(at: fix.t) else { return nil }
    return fix.position.distance(to: truth.position)
  }

  /// The latest truth at or before time `t`.
  public func truth(at t: Double) -> TruthSample? {
    TruthSample.sample(in: truths, at: t)
  }

  /// The plan a fix is on: its level id, else the plan of its ordinal it lies on, else (a floor
  /// the venue does not map, which the barometer named) the plan of the nearest ordinal.
  public func floor(of fix: Fix) -> FloorID? {
    if let floor = fix.levelID.flatMap(plans.floor(levelID:))
      ?? plans.floor(atOrdinal: fix.ordinal, containing: fix.position)
    {
      return floor
    }
    let nearest = plans.plans.map { abs($0.ordinal - fix.ordinal) }.min()
    return nearest.flatMap { d in
      let ordinals = Set(plans.plans.map(\.ordinal)).filter { abs($0 - fix.ordinal) == d }
      return ordinals.sorted().lazy.compactMap {
        plans.floor(atOrdinal: $0, containing: fix.position)
      }.first
    }
  }

  /// The coarsest zoom: twice the whole venue.
  var coarsestScale: Double {
    Viewport.fitting(bounds, columns: viewport.columns, rows: viewport.rows).scale * 2
  }
}
