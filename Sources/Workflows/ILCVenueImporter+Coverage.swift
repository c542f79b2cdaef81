import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

extension ILCVenueImporter {
  /// How many of one floor's ground-truth waypoints fall in walkable space.
  public struct Coverage: Sendable, Hashable {
    /// The floor's name.
    public var floor: String
    /// Waypoints in its path files, and those in walkable space of its level.
    public var waypoints: Int
    public var walkable: Int
    /// The share walkable (1 with no waypoint).
    public var share: Double { waypoints == 0 ? 1 : Double(walkable) / Double(waypoints) }
  }

  /// Per floor folder of `site`, the waypoints of its `path_data_files` that fall in walkable
  /// space of the level with its ordinal in `plans` (a venue imported from the site).
  public static func waypointCoverage(site: String, plans: FloorPlanSet) throws(FingerpostError)
    -> [Coverage]
  {
    var out: [Coverage] = []
    for floor in try floorFolders(site) {
      let frame = try ILCFloorFrame(floorFolder: floor.folder)
      let local = LocalFrame(origin: plans.frame.origin)
      let files = try FileAccess.files(
        in: [floor.folder.appendingPathComponent("path_data_files").path].filter(
          FileManager.default.fileExists), withExtension: "txt")
      let levels = plans.floors(atOrdinal: floor.ordinal).map { plans.plans[$0.index] }
      var coverage = Coverage(floor: floor.name, waypoints: 0, walkable: 0)
      for file in files {
        let recording = ILCPathFile(data: try FileAccess.read(file), file: file)
        for waypoint in recording.waypoints {
          let p = local.point(for: frame.coordinate(for: waypoint.point))
          coverage.waypoints += 1
          if levels.contains(where: { $0.isWalkable(p) }) { coverage.walkable += 1 }
        }
      }
      out.append(coverage)
    }
    return out
  }
}
