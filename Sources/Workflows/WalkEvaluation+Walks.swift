import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import IMDF
import VenueGeneration

// The site's walks: every path file imported as a walk in the venue's frame, and its scans as
// the survey records the other folds' maps are built from.

extension WalkEvaluation {
  /// The walk's scans as survey records, each placed where the truth is `lag` seconds after it
  /// (scans outside the truth's span are left out), on the floor of the truth in force then.
  static func records(of walk: SiteWalk, lag: Double) -> [SurveyRecord] {
    let truth = walk.truth
    guard let first = truth.first, let last = truth.last else { return [] }
    return walk.scans.compactMap { scan in
      let t = scan.time + lag
      guard t >= first.t, t <= last.t, scan.time >= first.t, scan.time <= last.t,
        let position = TruthSample.position(in: truth, at: t)
      else { return nil }
      let ordinal = TruthSample.sample(in: truth, at: t)?.ordinal ?? first.ordinal
      return SurveyRecord(scan: scan, ordinal: ordinal, position: position)
    }
  }

  /// Every path file of the site as a walk, its truth in the venue's frame.
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
        let recording = ILCPathFile(
          data: try FileAccess.read(file), file: file,
          sensorTypes: ILCWalkImporter.inertialTypes)
        let walk = try importer.walk(recording, floor: frame, origin: origin)
        var truth = walk.truth
        for i in truth.indices {
          truth[i].position = plans.frame.point(truth[i].position, from: site)
        }
        truth = plans.labellingUnits(truth)
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        out.append(
          SiteWalk(
            name: name, floor: floor.folder.lastPathComponent, group: name, file: file,
            ordinal: walk.ordinal ?? 0, steps: walk.steps, scans: walk.scans, pressures: [],
            truth: truth, origin: plans.frame.origin))
      }
    }
    return out
  }

  /// Every GetSensorData log of the site (the folder, or its `logfiles/`) as a walk, in the
  /// frame at the smallest latitude and longitude of their landmarks; a log's group is its
  /// trial (`…Trial07…`), so the repetitions of a path leave together.
  func ipinWalks() throws(FingerpostError) -> [SiteWalk] {
    let logFolder = URL(fileURLWithPath: site).appendingPathComponent("logfiles").path
    let folder = FileAccess.isDirectory(logFolder) ? logFolder : site
    let files = try FileAccess.files(in: [folder], withExtension: "txt")
    var logs: [IPINLogFile] = []
    for file in files { logs.append(try IPINWalkImporter.read(file)) }
    guard let origin = IPINSiteImporter.origin(of: logs) else {
      throw FingerpostError(.noData, file: site, "no log has POSI landmarks: nothing to score")
    }
    let importer = IPINWalkImporter()
    return logs.map { log in
      let walk = importer.walk(log, origin: origin)
      let name = URL(fileURLWithPath: log.file).deletingPathExtension().lastPathComponent
      let ordinal = walk.ordinal ?? 0
      return SiteWalk(
        name: name, floor: String(ordinal), group: Self.trial(of: name), file: log.file,
        ordinal: ordinal, steps: walk.steps, scans: walk.scans, pressures: walk.pressures,
        started: walk.started, truth: walk.truth, origin: origin)
    }
  }

  /// The trial of an IPIN log's name (`IPIN2023_T3_TrainingTrial05_repetition02` → `05`), else
  /// the name.
  static func trial(of name: String) -> String {
    guard let range = name.range(of: "Trial") else { return name }
    let digits = name[range.upperBound...].prefix { $0.isNumber }
    return digits.isEmpty ? name : String(digits)
  }

  /// The venue of `walks` alone: the area their truth spans per floor and stairs where they
  /// change floors (`SurveyedVenue`), in their frame, written to `folder` (for viewers).
  func surveyedVenue(of walks: [SiteWalk], name: String, folder: URL)
    throws(FingerpostError) -> (plans: FloorPlanSet, path: String)
  {
    guard let origin = walks.first?.origin else {
      throw FingerpostError(.noData, file: site, "no walk to draw the venue from")
    }
    var points: [Int: [Point]] = [:]
    for walk in walks {
      for sample in walk.truth { points[sample.ordinal, default: []].append(sample.position) }
    }
    let tracks = walks.map { walk in
      walk.truth.filter(\.checkpoint).map { (t: $0.t, ordinal: $0.ordinal, point: $0.position) }
    }
    let surveyed = SurveyedVenue(
      name: name, origin: origin,
      floors: points.keys.sorted().map { SurveyedVenue.Floor(ordinal: $0, points: points[$0]!) },
      passages: SurveyedVenue.passages(of: tracks))
    let (builder, _) = surveyed.outlineVenue().builder()
    do {
      try builder.write(to: folder)
    } catch {
      throw FingerpostError(.unwritable, file: folder.path, "cannot be written (\(error))")
    }
    return (FloorPlanSet(venue: try VenueLoader.load(path: folder.path)), folder.path)
  }
}
