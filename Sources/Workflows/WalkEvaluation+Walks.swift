import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

// The site's walks: every path file imported as a walk in the venue's frame, and its scans as
// the survey records the other folds' maps are built from.

extension WalkEvaluation {
  /// The walk's scans as survey records, each placed where the truth is `lag` seconds after it
  /// (scans outside the truth's span are left out).
  static func records(of walk: SiteWalk, lag: Double) -> [SurveyRecord] {
    let truth = walk.truth
    guard let first = truth.first, let last = truth.last else { return [] }
    return walk.walk.scans.compactMap { scan in
      let t = scan.time + lag
      guard t >= first.t, t <= last.t, scan.time >= first.t, scan.time <= last.t,
        let position = TruthSample.position(in: truth, at: t)
      else { return nil }
      return SurveyRecord(scan: scan, ordinal: walk.walk.ordinal, position: position)
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
          SiteWalk(name: name, floor: floor.folder.lastPathComponent, walk: walk, truth: truth))
      }
    }
    return out
  }
}
