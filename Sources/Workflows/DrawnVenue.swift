import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import IMDF
import VenueGeneration

/// A venue that is only a radio map (a dataset's, an uploaded one) made trackable: floor plans
/// drawn from the area its survey points span on each level (`SurveyedVenue`: walkers leave the
/// surveyed lines, so the area reaches `margin` metres beyond them), and the map carried into
/// the plans' ground frame. Fixes made on the plans are given back in the map's own terms.
public struct DrawnVenue: Sendable {
  /// The drawn floor plans, one per map level.
  public let plans: FloorPlanSet
  /// The map in the plans' frame (ground metres), its levels named by the plans' level ids.
  public let map: RadioMap
  /// The frame the map was given in.
  public let mapFrame: MapFrame
  /// Per plan, the building label of its map level.
  let buildings: [String?]
  /// The drawn venue's IMDF files.
  let files: [String: Data]

  /// The venue drawn from `map` and named `name`, its walkable area reaching `margin` metres
  /// beyond the survey points; an error when the map's frame cannot be carried to the ground or
  /// it has no surveyed level.
  public init(map given: RadioMap, name: String, margin: Double = 5) throws(FingerpostError) {
    guard let map = given.inGroundFrame() else {
      throw FingerpostError(
        .mismatch, "a map in frame \(given.frame ?? "?") cannot be drawn as a venue")
    }
    var surveyed = SurveyedVenue(
      name: name, origin: map.origin ?? GeoCoordinate(longitude: 0, latitude: 0),
      floors: map.levels.map {
        SurveyedVenue.Floor(
          ordinal: $0.ordinal, points: $0.points.map(\.position), building: $0.building)
      },
      passages: [])
    surveyed.margin = margin
    let outline = surveyed.outlineVenue()
    let (builder, _) = outline.builder()
    do {
      files = try builder.files()
    } catch {
      throw FingerpostError(.invalidValue, "venue drawn from \(name): \(error)")
    }
    let venue = VenueLoader.load(files: files, path: "venue drawn from \(name)")
    let plans = FloorPlanSet(venue: venue)
    let ids = map.levels.map { level -> String? in
      let floor = outline.floors.first {
        $0.building == level.building && $0.ordinal == level.ordinal
      }
      return floor.map { builder.id($0.levelKey) }.flatMap { plans.floor(levelID: $0) }.map {
        plans[$0].levelID
      }
    }
    guard ids.contains(where: { $0 != nil }) else {
      throw FingerpostError(.noData, "map \(name) has no surveyed level to draw")
    }
    self.plans = plans
    self.map = map.withLevelIDs(ids)
    mapFrame = given.mapFrame
    buildings = plans.plans.map { plan in
      map.levels.indices.first { ids[$0] == plan.levelID }.flatMap { map.levels[$0].building }
    }
  }

  /// The WGS84 origin of the fixes' x/y: the plans' frame for a map in ground metres, nil for
  /// one in a projection (its x/y are projected metres).
  public var fixOrigin: GeoCoordinate? { mapFrame.isProjected ? nil : map.origin }

  /// `fix` (made on the drawn plans) in the map's terms: x/y in the map's frame, the map level's
  /// building label, and no drawn level or unit ids.
  public func mapFix(_ fix: Fix) -> Fix {
    var fix = fix
    if mapFrame.isProjected, let coordinate = fix.coordinate,
      let point = mapFrame.point(for: coordinate)
    {
      fix.position = point
    }
    if let floor = plans.floor(levelID: fix.levelID ?? "") { fix.building = buildings[floor.index] }
    fix.levelID = nil
    fix.unitID = nil
    fix.unitName = nil
    return fix
  }

  /// Writes the drawn venue's IMDF files into `folder` (made if need be), for viewers.
  public func write(to folder: String) throws(FingerpostError) {
    let url = URL(fileURLWithPath: folder)
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      for (name, data) in files {
        try data.write(to: url.appendingPathComponent(name), options: .atomic)
      }
    } catch {
      throw FingerpostError(.unwritable, file: folder, "cannot be written (\(error))")
    }
  }

  /// Point `p`, in the map's frame, in the plans' frame.
  public func planPoint(_ p: Point) -> Point {
    guard mapFrame.isProjected, let coordinate = mapFrame.coordinate(for: p) else { return p }
    return plans.frame.point(for: coordinate)
  }
}
