import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Localization

/// What the particle filter fits from recorded walks with ground truth (a training set), never
/// set by hand: how the phone's steps scale to the truth, how late its scans' fingerprints run
/// behind the truth, and the nearest-points field that weighs a scan best.
///
/// - **Step scale**: the truth's distance over the steps' (pooled), and the spread of that ratio
///   from walk to walk.
/// - **Scan lag**: each scan is placed by weighted kNN among the other walks' scans, each of
///   them placed where the truth is `lag` seconds after it; the lag is the one at which these
///   estimates fall neither ahead of the walker nor behind (their mean along-track error is
///   zero). Real recordings place a scan's fingerprint later than its time stamp (the readings
///   are older, the waypoints are tapped late); a fingerprint placed at the wrong time is off by
///   the walking speed times the error, along the way walked.
/// - **Field**: the temperature and kernel of `NeighbourField` that give the truth the highest
///   mean log-likelihood, each scan's field made of the other walks' scans.
/// - **Places**: where the walkers were, by unit category (`PlacePrior`), when the venue has a
///   floor plan (`fitPlaces(plans:walks:)`).
public struct WalkCalibration: Sendable, Hashable, Codable {
  /// A recorded walk with its ground truth.
  public struct Walk: Sendable {
    /// The floor ordinal.
    public var ordinal: Int
    /// Ground truth in the venue's frame.
    public var truth: [TruthSample]
    /// The phone's steps.
    public var steps: [Step]
    /// The phone's scans.
    public var scans: [Scan]
    /// The phone's barometer, when it has one.
    public var pressures: [Pressure]
    /// When the walk started, if known (its barometer then tells other walks' floors).
    public var started: Date?

    /// A walk of these records.
    public init(
      ordinal: Int, truth: [TruthSample], steps: [Step], scans: [Scan],
      pressures: [Pressure] = [], started: Date? = nil
    ) {
      self.ordinal = ordinal
      self.truth = truth
      self.steps = steps
      self.scans = scans
      self.pressures = pressures
      self.started = started
    }
  }

  /// The truth's distance over the steps' (the filter's initial step scale).
  public var stepScale = 1.0
  /// Spread of that ratio between walks (relative).
  public var stepScaleSpread = 0.08
  /// Seconds after its time stamp at which a scan's fingerprint matches the truth.
  public var scanLag = 0.0
  /// Mean along-track error of the kNN estimates at the fitted lag and at no lag, metres
  /// (positive: ahead of the walker).
  public var alongTrack: (fitted: Double, unlagged: Double) {
    (alongTrackFitted, alongTrackUnlagged)
  }
  var alongTrackFitted = 0.0
  var alongTrackUnlagged = 0.0
  /// The nearest-points field that fits best.
  public var neighbours = NeighbourField.Settings()
  /// Mean log-likelihood of the truth under that field, per scan.
  public var fieldLogLikelihood = 0.0
  /// Height per floor ordinal, metres, from the barometer of walks that change floors (nil
  /// when none does).
  public var floorHeight: Double?
  /// Floor changes per step of the walks (between checkpoints on different floors): how often a
  /// particle may change floor where the venue shows no stairs (`freeFloorChange`; 0 when no
  /// walk changes floor).
  public var floorChangesPerStep = 0.0
  /// Walks the calibration was fitted to.
  public var walks = 0
  /// Where the walkers were, by unit category (empty until `fitPlaces(plans:walks:)`).
  public var places = PlacePrior()
  /// Where the walkers were, by floor (on the floors of `area`).
  public var floors = FloorPrior()
  /// The walks' barometers at their landmarks, for the floor a walk of the same phone model
  /// starts on (nil unless two such walks say when they started and have a barometer).
  public var pressure: PressureReference?

  /// The lags tried, seconds.
  static let lags = stride(from: -2.0, through: 4.0, by: 0.25).map { $0 }
  /// The field temperatures and kernels (metres) tried.
  static let temperatures = [0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2]
  static let kernels = [1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0]

  /// The default calibration (no lag, the steps as they are).
  public init() {}

  /// Fits to `walks`; `area` gives each floor ordinal's mapped area (m²) for the field's
  /// outlier share.
  public init(walks: [Walk], area: [Int: Double]) {
    self.walks = walks.count
    fitStepScale(walks)
    fitFloorHeight(walks)
    fitFloorChanges(walks)
    let queries = Self.neighbourhoods(walks, count: NeighbourField.Settings().count)
    fitScanLag(walks, queries: queries)
    fitField(walks, queries: queries, area: area)
    floors = FloorPrior(ordinals: Set(area.keys), walks: walks.map(\.truth))
    fitPressureReference(walks)
  }

  /// The pressure reference of the walks that say when they started.
  mutating func fitPressureReference(_ walks: [Walk]) {
    let recordings = walks.compactMap { walk -> PressureReference.Recording? in
      guard let started = walk.started, !walk.pressures.isEmpty else { return nil }
      return PressureReference.Recording(
        device: walk.scans.first?.device ?? "", started: started.timeIntervalSince1970,
        landmarks: walk.truth.filter(\.checkpoint).map { ($0.t, $0.ordinal) },
        pressures: walk.pressures)
    }
    pressure = PressureReference(
      recordings: recordings, floorHeight: floorHeight ?? ParticleFilterSettings().floorHeight)
  }

  /// This calibration in the filter's settings.
  public func apply(to settings: inout ParticleFilterSettings) {
    settings.initialScale = stepScale
    settings.initialScaleSpread = stepScaleSpread
    settings.scanLag = scanLag
    if let floorHeight { settings.floorHeight = floorHeight }
    settings.freeFloorChange = floorChangesPerStep
    settings.neighbours.temperature = neighbours.temperature
    settings.neighbours.kernel = neighbours.kernel
    settings.places = places
    settings.floors = floors
  }

  /// Fits `places` to the truth of `walks` on the floor plans `plans` (positions in its frame).
  public mutating func fitPlaces(plans: FloorPlanSet, walks: [Walk]) {
    places = PlacePrior(plans: plans, walks: walks.map(\.truth))
  }

  /// The pooled ratio of the truth's distance to the steps' over walks of at least 10 m, and
  /// the standard deviation of the per-walk ratios around it (at least 0.03). Only stretches
  /// of truth on one floor count (not those between checkpoints on different floors): on
  /// stairs the steps cover little ground.
  mutating func fitStepScale(_ walks: [Walk]) {
    var ratios: [Double] = []
    var (truthTotal, stepTotal) = (0.0, 0.0)
    for walk in walks {
      var distance = 0.0
      var stepped = 0.0
      var s = 0
      // Between checkpoints on different floors the walker is on stairs the whole time.
      let checkpoints = walk.truth.filter(\.checkpoint)
      let climbs = zip(checkpoints, checkpoints.dropFirst()).filter { $0.ordinal != $1.ordinal }
        .map { $0.t...$1.t }
      for (a, b) in zip(walk.truth, walk.truth.dropFirst()) {
        while s < walk.steps.count, walk.steps[s].t <= a.t { s += 1 }
        var inside = 0.0
        while s < walk.steps.count, walk.steps[s].t <= b.t {
          if walk.steps[s].length.isFinite { inside += walk.steps[s].length }
          s += 1
        }
        guard a.ordinal == b.ordinal,
          !climbs.contains(where: { $0.contains(a.t) && $0.contains(b.t) })
        else { continue }
        distance += a.position.distance(to: b.position)
        stepped += inside
      }
      guard distance >= 10, stepped > 0 else { continue }
      ratios.append(distance / stepped)
      truthTotal += distance
      stepTotal += stepped
    }
    guard stepTotal > 0 else { return }
    stepScale = truthTotal / stepTotal
    let variance =
      ratios.reduce(0) { $0 + ($1 - stepScale) * ($1 - stepScale) }
      / Double(max(ratios.count - 1, 1))
    stepScaleSpread = max(variance.squareRoot() / stepScale, 0.03)
  }

  /// The median over the training walks' floor changes (consecutive checkpoints on different
  /// floors) of the barometer's height change per ordinal, each end the mean pressure over
  /// `pressureWindow` seconds around its checkpoint; nil when no walk has one.
  /// The walks' floor changes (consecutive checkpoints on different floors) over their steps.
  mutating func fitFloorChanges(_ walks: [Walk]) {
    var (changes, steps) = (0, 0)
    for walk in walks {
      let checkpoints = walk.truth.filter(\.checkpoint)
      changes += zip(checkpoints, checkpoints.dropFirst()).filter { $0.ordinal != $1.ordinal }.count
      steps += walk.steps.count
    }
    floorChangesPerStep = steps > 0 ? Double(changes) / Double(steps) : 0
  }

  mutating func fitFloorHeight(_ walks: [Walk]) {
    var heights: [Double] = []
    for walk in walks where !walk.pressures.isEmpty {
      func pressure(at t: Double) -> Double? {
        let near = walk.pressures.filter { abs($0.t - t) <= Self.pressureWindow / 2 }
        return near.isEmpty ? nil : near.reduce(0) { $0 + $1.hPa } / Double(near.count)
      }
      let checkpoints = walk.truth.filter(\.checkpoint)
      for (a, b) in zip(checkpoints, checkpoints.dropFirst()) where a.ordinal != b.ordinal {
        guard let pa = pressure(at: a.t), let pb = pressure(at: b.t) else { continue }
        let perOrdinal = Pressure.heightChange(from: pa, to: pb) / Double(b.ordinal - a.ordinal)
        if perOrdinal > 0.5 { heights.append(perOrdinal) }
      }
    }
    guard !heights.isEmpty else { return }
    floorHeight = heights.sorted()[heights.count / 2]
  }

  /// Seconds of barometer averaged around a checkpoint (`fitFloorHeight`).
  static let pressureWindow = 4.0

  /// One scan of a walk with its nearest scans of the other walks.
  struct Neighbourhood {
    var walk: Int
    var scan: Int
    var nearest: [(walk: Int, scan: Int, distance: Float)]
  }

  /// Each scan of each walk with its `count` nearest scans of other walks.
  static func neighbourhoods(_ walks: [Walk], count: Int) -> [Neighbourhood] {
    var owners: [(walk: Int, scan: Int)] = []
    var scans: [Scan] = []
    for (w, walk) in walks.enumerated() {
      for (s, scan) in walk.scans.enumerated() {
        owners.append((w, s))
        scans.append(scan)
      }
    }
    let index = ScanNeighbours(scans: scans)
    // A walk's own scans come first among its neighbours: ask for enough to drop them.
    let ownMost = walks.map(\.scans.count).max() ?? 0
    return owners.indices.map { i in
      let found = index.nearest(count + ownMost, to: scans[i])
        .filter { owners[$0.index].walk != owners[i].walk }
        .prefix(count)
        .map { (owners[$0.index].walk, owners[$0.index].scan, $0.distance) }
      return Neighbourhood(walk: owners[i].walk, scan: owners[i].scan, nearest: Array(found))
    }
  }

  /// Where the truth of `walk` is `lag` seconds after its scan `scan`, if within the truth.
  static func position(_ walks: [Walk], walk: Int, scan: Int, lag: Double) -> Point? {
    let w = walks[walk]
    let t = w.scans[scan].time
    guard let first = w.truth.first, let last = w.truth.last, t >= first.t, t <= last.t else {
      return nil
    }
    return TruthSample.position(in: w.truth, at: t + lag)
  }

  /// The lag whose mean along-track kNN error is nearest zero (interpolated between the lags
  /// tried where the mean changes sign).
  mutating func fitScanLag(_ walks: [Walk], queries: [Neighbourhood]) {
    var means: [Double] = []
    for lag in Self.lags {
      var (sum, n) = (0.0, 0)
      for q in queries {
        let ordinal = walks[q.walk].ordinal
        let t = walks[q.walk].scans[q.scan].time + lag
        guard let truth = Self.position(walks, walk: q.walk, scan: q.scan, lag: lag),
          let before = TruthSample.position(in: walks[q.walk].truth, at: t - 0.5),
          let after = TruthSample.position(in: walks[q.walk].truth, at: t + 0.5)
        else { continue }
        let velocity = after - before
        guard velocity.length >= 0.5 else { continue }
        var (estimate, total) = (Point.zero, 0.0)
        for n in q.nearest.prefix(5) where walks[n.walk].ordinal == ordinal {
          guard let p = Self.position(walks, walk: n.walk, scan: n.scan, lag: lag) else {
            continue
          }
          let weight = 1 / (Double(n.distance) + 1e-6)
          estimate = estimate + p * weight
          total += weight
        }
        guard total > 0 else { continue }
        let error = estimate / total - truth
        sum += (error.x * velocity.x + error.y * velocity.y) / velocity.length
        n += 1
      }
      means.append(n > 0 ? sum / Double(n) : .nan)
    }
    let zero = Self.lags.firstIndex(of: 0) ?? 0
    alongTrackUnlagged = means[zero].isNaN ? 0 : means[zero]
    guard
      let best = means.indices.filter({ !means[$0].isNaN }).min(by: {
        abs(means[$0]) < abs(means[$1])
      })
    else { return }
    scanLag = Self.lags[best]
    alongTrackFitted = means[best]
    // Between the two lags around the sign change, linearly.
    for other in [best - 1, best + 1] where means.indices.contains(other) {
      let (a, b) = (means[best], means[other])
      guard !b.isNaN, (a <= 0) != (b <= 0), a != b else { continue }
      scanLag = Self.lags[best] + (Self.lags[other] - Self.lags[best]) * a / (a - b)
      break
    }
  }

  enum CodingKeys: String, CodingKey {
    case stepScale, stepScaleSpread, scanLag, neighbours, fieldLogLikelihood, walks
    case floorHeight, floorChangesPerStep, places, floors, pressure
    case alongTrackFitted, alongTrackUnlagged
  }
}
