import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import IMDF
import Localization
import Radio
import Randomness
import Replay
import Scoring
import Simulation

/// `fingerpost assess`: how well positioning will work in a venue. A radio world (a world file,
/// or APs placed at a density), a simulated survey and its radio map, random walks through the
/// venue replayed through every localizer without their start, scored and pooled.
public struct Assessment: Sendable {
  /// The IMDF venue (folder or zip).
  public var venuePath: String
  /// A world file; without one, APs are placed at `density`.
  public var worldFile: String?
  /// APs per 100 m² of walkable space when no world file is given.
  public var density = 0.6
  /// Metres between the simulated survey's stops.
  public var surveySpacing = 2.0
  /// A real survey (NDJSON) to build the radio map from, instead of a simulated one; its APs
  /// must be those of the world the walks are simulated in (`worldFile`).
  public var surveyFile: String?
  /// A radio map file to localize with, instead of a survey's.
  public var radioMapFile: String?
  /// Random walks to replay.
  public var walks = 20
  /// Further walks in which the walker is carried elsewhere once (a kidnap), replayed through
  /// the filter only, for its recovery time.
  public var kidnaps = 10
  /// Stops a walk makes after its start.
  public var stopsPerWalk = 4
  /// Particles of the filter.
  public var particles = 2000
  /// The seed of the world's placement, the survey and the walks.
  public var seed: UInt64 = 1
  /// Walks replayed at once (default: the processor count).
  public var jobs: Int?
  /// A folder to write every walk's replay into, truth and fixes, one event stream per walk
  /// and localizer (`walk-N-LOCALIZER.ndjson`), for `score` and `view`.
  public var streams: String?
  /// The side of the accuracy grid's squares, metres (nil: no grid, units only).
  public var cellSize: Double?

  /// A folder of recorded walks (event streams with checkpoints, as `walk import` writes them)
  /// whose routes the walks follow instead of random ones; kidnap walks stay random.
  public var routes: String?

  /// What weighs the filter's scans (the radio map's model by default).
  public var measurement: ParticleFilterSettings.Measurement?

  /// The phone that walks (device and step noise); the scenario defaults when `nil`.
  public var phone: PhoneFile?

  /// Assesses the venue at `venuePath` with the defaults.
  public init(venuePath: String) {
    self.venuePath = venuePath
  }

  /// What the walks are replayed in: the venue's radio world and the radio map of its
  /// simulated survey.
  public struct Setting: Sendable {
    /// The venue's name.
    public let venue: String
    /// The radio world.
    public let world: World
    /// The radio map built from the simulated survey.
    public let map: RadioMap
    /// Scans of the survey the map was built from.
    public let surveyScans: Int
  }

  /// What an assessment has done so far, as it tells its caller.
  public enum Progress: Sendable, Equatable {
    /// `done` of `total` walks replayed through every localizer.
    case walks(done: Int, total: Int)
  }

  /// Runs the assessment; `progress` is told as walks finish.
  public func run(progress: @Sendable (Progress) -> Void = { _ in })
    throws(FingerpostError) -> AssessmentReport
  {
    try run(in: try prepare(), progress: progress)
  }

  /// The world, and the radio map: the given map file, the given survey ingested, or a survey
  /// simulated every `surveySpacing` metres and ingested.
  public func prepare() throws(FingerpostError) -> Setting {
    let world = try loadWorld()
    let name = Venue.identity(ofArchiveAt: venuePath)
    let map: RadioMap
    let scans: Int
    if let path = radioMapFile ?? surveyFile {
      if radioMapFile != nil {
        map = try Scenario.RadioMapSource.file(
          path, plans: world.plans, venue: name, context: "--radio-map")
      } else {
        map = try Scenario.RadioMapSource.survey(
          path, grid: 1, plans: world.plans, venue: name, context: "--survey")
      }
      scans = map.levels.reduce(0) { $0 + $1.points.reduce(0) { $0 + $1.scans } }
      let known = Set(world.accessPoints.map(\.bssid)).intersection(map.bssids).count
      guard known > 0 else {
        throw FingerpostError(
          .mismatch, file: path,
          "knows none of the \(world.accessPoints.count) APs of the world the walks are "
            + "simulated in; give the world its survey was made in (--world)")
      }
    } else {
      let survey = try SurveySimulator(world: world, spacing: surveySpacing)
        .run(seed: seed, venueName: name)
      map = RadioMapBuilder().build(surveys: [("simulated", survey)], plans: world.plans).map
      scans = survey.records.count
    }
    return Setting(venue: name, world: world, map: map, surveyScans: scans)
  }

  /// The random walks replayed in `setting` and scored.
  public func run(
    in setting: Setting, progress: @Sendable (Progress) -> Void = { _ in }
  ) throws(FingerpostError) -> AssessmentReport {
    let plans = setting.world.plans
    let router = Router(plans)
    // Walks along recorded routes replace the random ones; only the kidnap walks are drawn.
    var random = self
    if routes != nil { random.walks = 0 }
    var scenarios: [Scenario] = []
    if let routes { scenarios = try routeWalks(from: routes, plans: plans) }
    scenarios += try random.randomWalks(plans: plans, router: router)
    let results = try replayAll(
      scenarios, world: setting.world, map: setting.map, progress: progress)
    let walks = results.filter { !$0.kidnapped }
    let kidnapped = results.filter(\.kidnapped)
    var report = try AssessmentReport(
      venue: setting.venue, plans: plans, map: setting.map,
      accessPoints: setting.world.accessPoints.count,
      surveyScans: setting.surveyScans, walks: walks, kidnapped: kidnapped, cellSize: cellSize)
    report.notWalked = connectedDestinations(in: plans, router: router).cutOff.map {
      "\(plans[$0.floor].shortName): \(plans.unit($0).label)"
    }
    return report
  }

  /// The world file's world, or APs placed at `density` on the venue.
  func loadWorld() throws(FingerpostError) -> World {
    if let worldFile { return try World.load(file: worldFile, venue: venuePath).world }
    guard density > 0, density.isFinite else {
      throw FingerpostError(.invalidValue, field: "density", "must be above 0 APs per 100 m²")
    }
    let venue = URL(fileURLWithPath: venuePath).standardizedFileURL.path
    let text = """
      version: 1
      venue: "\(venue)"
      seed: \(seed)
      placement:
        density: \(density)

      """
    let file = try WorldFile(text: text, url: URL(fileURLWithPath: "assess.world.yaml"))
    let plans = try FloorPlanSet(venueAt: venuePath)
    let world: World
    do {
      world = try file.makeWorld(plans: plans)
    } catch {
      throw FingerpostError(.invalidValue, file: venuePath, "the world cannot be built (\(error))")
    }
    try world.checkMemory(limit: ProcessUsage.availableMemory, file: venuePath)
    return world
  }

  /// Replays every walk through every localizer, on the machine's cores.
  func replayAll(
    _ scenarios: [Scenario], world: World, map: RadioMap,
    progress: @Sendable (Progress) -> Void
  ) throws(FingerpostError) -> [AssessedWalk] {
    if let streams { try FileAccess.createDirectory(streams) }
    let (streams, measurement) = (self.streams, self.measurement)
    let total = scenarios.count
    return try runJobs(
      scenarios.count, workers: jobs,
      finished: { done, _ in progress(.walks(done: done, total: total)) }
    ) { index throws(FingerpostError) in
      try Self.replay(
        scenarios[index], index: index, world: world, map: map, streams: streams,
        measurement: measurement)
    }
  }

  /// One walk simulated and replayed through every localizer (the filter only for a kidnap
  /// walk), scored (and written into `streams`, when given).
  static func replay(
    _ scenario: Scenario, index: Int, world: World, map: RadioMap, streams: String?,
    measurement: ParticleFilterSettings.Measurement? = nil
  ) throws(FingerpostError) -> AssessedWalk {
    let run = try ScenarioRun(scenario: scenario, world: world)
    let kidnapped = !scenario.events.isEmpty
    var instants: [String: [Instant]] = [:]
    for kind in kidnapped ? [.pf] : LocalizerKind.allCases {
      var replay = try Replayer(run: run, kind: kind, map: map)
      if let measurement { replay.settings.measurement = measurement }
      var fixes: [Fix] = []
      var lines: [String] = []
      do {
        _ = try replay.run(
          withTruth: streams != nil, emit: { line, _ in if streams != nil { lines.append(line) } },
          onFix: { fixes.append($0) })
      } catch let error as FingerpostError {
        throw error
      } catch {
        throw FingerpostError(.invalidValue, "walk \(index + 1): \(error)")
      }
      if let streams {
        let path = URL(fileURLWithPath: streams)
          .appendingPathComponent("walk-\(index + 1)-\(kind.rawValue).ndjson").path
        try FileAccess.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: path)
      }
      instants[kind.rawValue] = Scorer().instants(truth: replay.walk.truth, fixes: fixes)
    }
    return AssessedWalk(
      index: index, seed: scenario.seed, truth: run.simulated.walk.truth, instants: instants,
      kidnapped: kidnapped)
  }
}

/// One assessed walk: its truth and, per localizer, its scored instants.
public struct AssessedWalk: Sendable {
  /// The walk's number, from 0.
  public let index: Int
  /// The seed it was simulated with.
  public let seed: UInt64
  /// The true path.
  public let truth: [TruthSample]
  /// Per localizer (`LocalizerKind.rawValue`), the instants scored at 2 Hz.
  public let instants: [String: [Instant]]
  /// Whether the walker was carried elsewhere once during the walk (the filter only).
  public let kidnapped: Bool
}
