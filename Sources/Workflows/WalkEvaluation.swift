import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import IMDF
import Localization
import Randomness
import Replay
import Scoring
import Simulation

/// Recorded walks of one site (an ILC 2.0 site, or IPIN logs), each localized with a radio map
/// built from walks of *other* folds only (leave one walk or path out, or K folds), through the
/// particle filter, the fingerprint baseline (maximum likelihood) and weighted kNN on each scan
/// alone, never told the start, and scored against the ground truth: the honest measure of how
/// well Fingerpost does on real phones. What the filter fits from data (`WalkCalibration`) it
/// fits from the training folds alone; an IPIN site has no floor plans, so each fold's venue is
/// the area its training walks span (`SurveyedVenue`).
public struct WalkEvaluation: Sendable {
  /// How the site is recorded.
  public enum Format: String, Sendable, CaseIterable {
    /// Microsoft ILC 2.0: floor folders with maps and `path_data_files`.
    case ilc
    /// IPIN GetSensorData logs (a folder of them, or of `logfiles/`); each trial number is a
    /// path, whose repetitions leave together.
    case ipin
  }

  /// The site folder.
  public var site: String
  /// How the site is recorded.
  public var format = Format.ilc
  /// The particle filter's settings (before calibration; `measurement` decides what weighs
  /// scans).
  public var settings = ParticleFilterSettings()
  /// What weighs the filter's scans; nil: chosen per fold on its training walks
  /// (`chooseMeasurement`).
  public var measurement: ParticleFilterSettings.Measurement?
  /// Seed of every walk's filter (each walk splits its own stream from it).
  public var seed: UInt64 = 1
  /// Workers (nil: one per core).
  public var jobs: Int?
  /// Folds by walk (nil: leave one walk out up to `leaveOneOutLimit` walks, else 10).
  public var folds: Int?
  /// The floor folders evaluated, by name (nil: every floor of the site). The venue keeps every
  /// floor, so the floor is still estimated among all of them.
  public var floors: [String]?
  /// Whether the filter's scan lag, step scale and nearest-points field are fitted to the
  /// training folds (else `settings` are used as they are).
  public var calibrates = true
  /// Help the filter gets that a real one never has, to measure what limits it.
  public var oracles: Set<Oracle> = []
  /// A folder to write each walk's event streams to (its truth with the fixes of each
  /// localizer: `NAME.pf.ndjson`, `NAME.fingerprint.ndjson`, `NAME.knn.ndjson`), with the
  /// imported venue beside them (`venue/`).
  public var streams: String?

  /// Up to this many walks, each walk is its own fold.
  public static let leaveOneOutLimit = 30

  /// How far an evaluation has come.
  public struct Progress: Sendable {
    /// Folds whose map is built.
    public var folds: Int
    /// Walks replayed and scored.
    public var walks: Int
    /// Walks in all.
    public var total: Int
  }

  /// An evaluation of the walks of `site`.
  public init(site: String) {
    self.site = site
  }

  /// One walk of the site, ready to replay: its truth in the venue's frame, its steps and scans.
  struct SiteWalk: Sendable {
    var name: String
    /// The floor it is evaluated under (`floors`): ILC's floor folder, IPIN's first floor.
    var floor: String
    /// The walks of one group leave together (ILC: each walk; IPIN: a trial's repetitions).
    var group: String
    var file: String
    /// The floor it starts on.
    var ordinal: Int
    var steps: [Step]
    var scans: [Scan]
    var pressures: [Pressure]
    /// When its recording started, if it says.
    var started: Date? = nil
    /// In the frame at `origin`.
    var truth: [TruthSample]
    var origin: GeoCoordinate
  }

  /// What a fold's walks are localized with.
  struct FoldModel: Sendable {
    var plans: FloorPlanSet
    var venuePath: String
    var map: RadioMap
    var settings: ParticleFilterSettings
    var calibration: WalkCalibration?
    var mapScans: Int
    /// How the measurement was chosen (nil when it was given).
    var choice: MeasurementChoice?
  }

  /// The fold of each walk of `groups` (each walk's group, in walk order): every group its own
  /// up to `leaveOneOutLimit` groups (unless `folds` says otherwise), else the i-th group (in
  /// order of first appearance) in fold i mod K.
  func foldOf(groups: [String]) -> (folds: Int, fold: [Int]) {
    var order: [String: Int] = [:]
    for g in groups where order[g] == nil { order[g] = order.count }
    let count = order.count
    let k = max(2, min(folds ?? (count <= Self.leaveOneOutLimit ? count : 10), count))
    return (k, groups.map { order[$0]! % k })
  }

  /// Imports the venue and the walks, then replays and scores each walk, fold by fold.
  public func run(progress: @Sendable (Progress) -> Void = { _ in })
    throws(FingerpostError) -> WalkEvaluationReport
  {
    let siteName = URL(fileURLWithPath: site).standardizedFileURL.lastPathComponent
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("fingerpost-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    // ILC: one venue imported from the site's maps; IPIN: none, each fold draws its own.
    var venue: (plans: FloorPlanSet, path: String)?
    var read: [SiteWalk]
    switch format {
    case .ilc:
      let imported = try ILCVenueImporter().importSite(site, name: siteName)
      let folder =
        streams.map { URL(fileURLWithPath: $0).appendingPathComponent("venue") }
        ?? scratch.appendingPathComponent(siteName)
      do {
        try imported.features.write(to: folder)
      } catch {
        throw FingerpostError(.unwritable, file: folder.path, "cannot be written (\(error))")
      }
      let plans = FloorPlanSet(venue: try VenueLoader.load(path: folder.path))
      venue = (plans, folder.path)
      read = try siteWalks(plans: plans)
    case .ipin:
      read = try ipinWalks()
    }
    let truth = truthStepParts
    if truth.length || truth.heading {
      // Every walk's, so that what is fitted to the training walks is fitted to these steps.
      for i in read.indices {
        read[i].steps = Self.truthSteps(read[i], length: truth.length, heading: truth.heading)
      }
    }
    let walks = read
    guard Set(walks.map(\.group)).count >= 2 else {
      throw FingerpostError(
        .noData, file: site,
        "needs at least two walks (paths) to leave one out (has \(walks.count))")
    }
    let (k, fold) = foldOf(groups: walks.map(\.group))
    let evaluated = walks.indices.filter { floors?.contains(walks[$0].floor) ?? true }
    guard !evaluated.isEmpty else {
      throw FingerpostError(
        .noData, file: site,
        "no walk on the floors \(floors?.joined(separator: ", ") ?? "") (the site has "
          + Set(walks.map(\.floor)).sorted().joined(separator: ", ") + ")")
    }
    var results: [Int: WalkEvaluationReport.WalkResult] = [:]
    var calibrations: [WalkCalibration] = []
    var choices: [MeasurementChoice] = []
    var foldsDone = 0
    for f in 0..<k {
      let members = evaluated.filter { fold[$0] == f }
      guard !members.isEmpty else { continue }
      let training = walks.indices.filter { fold[$0] != f }
      let model = try self.model(
        training: training.map { walks[$0] }, venue: venue, name: siteName, fold: f,
        own: oracles.contains(.ownWalk) ? members.map { walks[$0] } : [], scratch: scratch)
      foldsDone += 1
      if let calibration = model.calibration { calibrations.append(calibration) }
      if let choice = model.choice { choices.append(choice) }
      let done = results.count
      let finished = foldsDone
      let walksTotal = evaluated.count
      let replayed = try runJobs(
        members.count, workers: jobs,
        finished: { n, _ in
          progress(Progress(folds: finished, walks: done + n, total: walksTotal))
        }
      ) { j throws(FingerpostError) in
        try self.evaluate(walks[members[j]], index: members[j], model: model, venue: siteName)
      }
      for (j, result) in replayed.enumerated() { results[members[j]] = result }
    }
    var report = try WalkEvaluationReport(
      site: siteName, walks: evaluated.compactMap { results[$0] })
    report.folds = k
    report.format = format.rawValue
    report.oracles = oracles.map(\.rawValue).sorted()
    report.calibrations = calibrations
    report.measurement = measurement?.rawValue ?? Self.summary(of: choices)
    report.measurementChoices = choices
    return report
  }

  /// The venue, map and settings of fold `fold`: the site's `venue`, else the area the training
  /// walks span; the training walks' scans as the survey, and (when calibrating) the filter
  /// fitted to the training walks; `own` walks' scans join the map (and the venue).
  func model(
    training: [SiteWalk], venue: (plans: FloorPlanSet, path: String)?, name: String, fold: Int,
    own: [SiteWalk], scratch: URL
  ) throws(FingerpostError) -> FoldModel {
    var drawn = venue
    if drawn == nil {
      let folder =
        streams.map { URL(fileURLWithPath: $0).appendingPathComponent("venue-\(fold)") }
        ?? scratch.appendingPathComponent("venue-\(fold)")
      drawn = try surveyedVenue(of: training + own, name: name, folder: folder)
    }
    let (plans, venuePath) = drawn!
    var settings = self.settings
    var calibration: WalkCalibration?
    if calibrates {
      var area: [Int: Double] = [:]
      for plan in plans.plans { area[plan.ordinal, default: 0] += plan.walkableArea }
      let walks = training.map {
        WalkCalibration.Walk(
          ordinal: $0.ordinal, truth: $0.truth, steps: $0.steps, scans: $0.scans,
          pressures: $0.pressures, started: $0.started)
      }
      var fitted = WalkCalibration(walks: walks, area: area)
      fitted.fitPlaces(plans: plans, walks: walks)
      fitted.apply(to: &settings)
      calibration = fitted
    }
    var choice: MeasurementChoice?
    if let measurement {
      settings.measurement = measurement
    } else {
      let chosen = try chooseMeasurement(
        training: training, plans: plans, venuePath: venuePath, settings: settings, name: name)
      settings.measurement = chosen.chosen
      choice = chosen
    }
    let (map, scans) = Self.map(
      of: training + own, lag: settings.scanLag, plans: plans, name: name, source: "other walks")
    return FoldModel(
      plans: plans, venuePath: venuePath, map: map, settings: settings, calibration: calibration,
      mapScans: scans, choice: choice)
  }

  /// The radio map of `walks`' scans, each placed where the truth is `lag` seconds after it,
  /// and how many scans it holds.
  static func map(
    of walks: [SiteWalk], lag: Double, plans: FloorPlanSet, name: String, source: String
  ) -> (map: RadioMap, scans: Int) {
    let records = walks.flatMap { Self.records(of: $0, lag: lag) }
    let survey = SurveyFile(
      header: SurveyHeader(venue: name, origin: plans.frame.origin, source: source),
      records: records)
    return (RadioMapBuilder().build(surveys: [(source, survey)], plans: plans).map, records.count)
  }

  /// One walk localized with its fold's model by each localizer, scored (and its streams
  /// written when asked).
  func evaluate(_ site: SiteWalk, index: Int, model: FoldModel, venue: String)
    throws(FingerpostError) -> WalkEvaluationReport.WalkResult
  {
    let (map, plans) = (model.map, model.plans)
    let walk = self.walk(
      of: site, seed: seed &+ UInt64(index), plans: plans, venuePath: model.venuePath,
      venue: venue)
    var instants: [String: [Instant]] = [:]
    var checkpoints: [String: [Instant]] = [:]
    var delays: [String: [Double?]] = [:]
    func score(_ fixes: [Fix], as localizer: String) {
      let scorer = Scorer()
      instants[localizer] = scorer.instants(truth: site.truth, fixes: fixes)
      checkpoints[localizer] = scorer.checkpointInstants(truth: site.truth, fixes: fixes)
      delays[localizer] = scorer.floorDelays(truth: site.truth, fixes: fixes)
    }
    var settings = model.settings
    if let started = site.started, let device = site.scans.first?.device {
      settings.pressureReference = model.calibration?.pressure?.forWalk(
        started: started.timeIntervalSince1970, device: device)
    }
    for kind in [LocalizerKind.pf, .fingerprint] {
      let (fixes, lines) = try replay(
        walk, file: site.file, plans: plans, map: map, settings: settings, kind: kind,
        keepLines: streams != nil)
      if streams != nil { try writeStream(lines, walk: site.name, suffix: kind.rawValue) }
      score(fixes, as: kind.rawValue)
    }
    // The reference the field quotes: each scan placed by weighted kNN alone.
    let knn = FingerprintLocalizer(map: map, plans: plans, method: .knn)
    var fixes: [Fix] = []
    for scan in walk.scans {
      knn.scan(scan)
      if let fix = knn.fix(at: scan.time) { fixes.append(fix) }
    }
    if streams != nil {
      try writeStream(
        Self.streamLines(walk: walk, fixes: fixes, plans: plans, generator: "knn"),
        walk: site.name, suffix: "knn")
    }
    score(fixes, as: WalkEvaluationReport.knn)
    return WalkEvaluationReport.WalkResult(
      name: site.name, ordinal: site.ordinal, seconds: walk.duration,
      mapScans: model.mapScans, instants: instants, checkpoints: checkpoints,
      floorDelays: delays)
  }
}

extension WalkEvaluation {
  /// `site` as a walk to replay in the venue at `venuePath` (told its start under the
  /// true-start oracle).
  func walk(
    of site: SiteWalk, seed: UInt64, plans: FloorPlanSet, venuePath: String, venue: String
  ) -> Walk {
    var walk = Walk(venueName: venue, venuePath: venuePath, seed: seed)
    walk.steps = site.steps
    walk.scans = site.scans
    walk.pressures = site.pressures
    walk.truth = site.truth
    walk.duration = max(
      site.truth.last?.t ?? 0, site.steps.last?.t ?? 0, site.scans.last?.time ?? 0)
    if oracles.contains(.trueStart), let first = site.truth.first,
      let floor = plans.plans.firstIndex(where: { $0.ordinal == first.ordinal })
    {
      walk.start = Route.Waypoint(floor: FloorID(floor), point: first.position)
      walk.startIsKnown = true
    }
    return walk
  }

  /// The fixes of `kind` on `walk` (and its stream's lines when `keepLines`).
  func replay(
    _ walk: Walk, file: String, plans: FloorPlanSet, map: RadioMap,
    settings: ParticleFilterSettings, kind: LocalizerKind, keepLines: Bool = false
  ) throws(FingerpostError) -> (fixes: [Fix], lines: [String]) {
    var replay = Replayer(walk: walk, plans: plans, map: map, kind: kind)
    replay.settings = settings
    var fixes: [Fix] = []
    var lines: [String] = []
    do {
      _ = try replay.run(
        withTruth: keepLines, emit: { line, _ in if keepLines { lines.append(line) } },
        onFix: { fixes.append($0) })
    } catch let error as FingerpostError {
      throw error
    } catch {
      throw FingerpostError(.invalidValue, file: file, "\(error)")
    }
    return (fixes, lines)
  }
}
