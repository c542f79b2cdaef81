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

/// Recorded walks of one ILC 2.0 site, each localized with a radio map built from the *other*
/// walks only (leave one walk out), through the particle filter, the fingerprint baseline
/// (maximum likelihood) and weighted kNN on each scan alone, never told the start, and scored against the waypoints: the honest measure of how well
/// Fingerpost does on real phones.
public struct WalkEvaluation: Sendable {
  /// The site folder (floor folders with maps and `path_data_files`).
  public var site: String
  /// The particle filter's settings.
  public var settings = ParticleFilterSettings()
  /// Seed of every walk's filter (each walk splits its own stream from it).
  public var seed: UInt64 = 1
  /// Workers (nil: one per core).
  public var jobs: Int?

  /// An evaluation of the walks of `site`.
  public init(site: String) {
    self.site = site
  }

  /// One walk of the site, ready to replay: its truth in the venue's frame, its survey records.
  struct SiteWalk: Sendable {
    var name: String
    var walk: ILCWalkImporter.Walk
    var truth: [TruthSample]
    var records: [SurveyRecord]
  }

  /// Imports the venue and the walks, then replays and scores each walk.
  public func run(progress: @Sendable (String, Int, Int) -> Void = { _, _, _ in })
    throws(FingerpostError) -> WalkEvaluationReport
  {
    let siteName = URL(fileURLWithPath: site).standardizedFileURL.lastPathComponent
    let imported = try ILCVenueImporter().importSite(site, name: siteName)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("fingerpost-\(UUID().uuidString)").appendingPathComponent(siteName)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    do {
      try imported.features.write(to: folder)
    } catch {
      throw FingerpostError(.unwritable, file: folder.path, "cannot be written (\(error))")
    }
    let plans = FloorPlanSet(venue: try VenueLoader.load(path: folder.path))
    let walks = try siteWalks(plans: plans)
    guard walks.count >= 2 else {
      throw FingerpostError(
        .noData, file: site, "needs at least two path files to leave one out (has \(walks.count))")
    }
    let settings = self.settings
    let seed = self.seed
    let total = walks.count
    let results = try runJobs(
      walks.count, workers: jobs, finished: { done, _ in progress("walks", done, total) }
    ) { index throws(FingerpostError) in
      try Self.evaluate(
        walks, leaving: index, plans: plans, venue: siteName, settings: settings, seed: seed)
    }
    return try WalkEvaluationReport(site: siteName, walks: results)
  }

  /// Every path file of the site as a walk, its truth and survey in the venue's frame.
  func siteWalks(plans: FloorPlanSet) throws(FingerpostError) -> [SiteWalk] {
    var out: [SiteWalk] = []
    let importer = ILCWalkImporter()
    let folders = try ILCVenueImporter.floorFolders(site)
    let origin = try ILCFloorFrame.siteOrigin(floorFolder: folders[0].folder)
    let site = LocalFrame(origin: origin)
    for floor in folders {
      let frame = try ILCFloorFrame(floorFolder: floor.folder)
      let paths = floor.folder.appendingPathComponent("path_data_files").path
      guard FileAccess.isDirectory(paths) else { continue }
      for file in try FileAccess.files(in: [paths], withExtension: "txt") {
        // Each file read once: the walk, and its scans as the survey the other walks map.
        let recording = ILCPathFile(
          data: try FileAccess.read(file), file: file,
          sensorTypes: ILCWalkImporter.inertialTypes)
        let walk = try importer.walk(recording, floor: frame, origin: origin)
        var truth = walk.truth
        for i in truth.indices {
          truth[i].position = plans.frame.point(truth[i].position, from: site)
        }
        truth = plans.labellingUnits(truth)
        var records = ILCPathImporter().result(of: recording).records
        for i in records.indices {
          records[i].position = records[i].position.map {
            plans.frame.point(for: frame.coordinate(for: $0))
          }
        }
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        out.append(SiteWalk(name: name, walk: walk, truth: truth, records: records))
      }
    }
    return out
  }

  /// Walk `index` localized with a map of the others' scans, by each localizer, scored.
  static func evaluate(
    _ walks: [SiteWalk], leaving index: Int, plans: FloorPlanSet, venue: String,
    settings: ParticleFilterSettings, seed: UInt64
  ) throws(FingerpostError) -> WalkEvaluationReport.WalkResult {
    let others = walks.indices.filter { $0 != index }.flatMap { walks[$0].records }
    let survey = SurveyFile(
      header: SurveyHeader(venue: venue, origin: plans.frame.origin, source: "other walks"),
      records: others)
    let map = RadioMapBuilder().build(surveys: [("other walks", survey)], plans: plans).map
    let site = walks[index]
    var walk = Walk(venueName: venue, seed: seed &+ UInt64(index))
    walk.steps = site.walk.steps
    walk.scans = site.walk.scans
    walk.truth = site.truth
    walk.duration = max(
      site.truth.last?.t ?? 0, site.walk.steps.last?.t ?? 0, site.walk.scans.last?.time ?? 0)
    var instants: [String: [Instant]] = [:]
    for kind in [LocalizerKind.pf, .fingerprint] {
      var replay = Replayer(walk: walk, plans: plans, map: map, kind: kind)
      replay.settings = settings
      var fixes: [Fix] = []
      do {
        _ = try replay.run(withTruth: false, emit: { _, _ in }, onFix: { fixes.append($0) })
      } catch let error as FingerpostError {
        throw error
      } catch {
        throw FingerpostError(.invalidValue, file: site.walk.file, "\(error)")
      }
      instants[kind.rawValue] = Scorer().instants(truth: site.truth, fixes: fixes)
    }
    // The reference the field quotes: each scan placed by weighted kNN alone.
    let knn = FingerprintLocalizer(map: map, plans: plans, method: .knn)
    var fixes: [Fix] = []
    for scan in walk.scans {
      knn.scan(scan)
      if let fix = knn.fix(at: scan.time) { fixes.append(fix) }
    }
    instants[WalkEvaluationReport.knn] = Scorer().instants(truth: site.truth, fixes: fixes)
    return WalkEvaluationReport.WalkResult(
      name: site.name, ordinal: site.walk.ordinal, seconds: walk.duration,
      mapScans: others.count, instants: instants)
  }
}
