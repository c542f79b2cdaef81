import Foundation
import Geometry

extension RadioMap {
  /// Whether the map's metres are ground metres about a local frame (not EPSG:3857's, which
  /// stretch distances by 1/cos(latitude)).
  public var isInGroundFrame: Bool { !mapFrame.isProjected }

  /// The map in ground metres: a map in EPSG:3857 carried into the local frame at the centre of
  /// its survey points (grids scaled about their cells, survey points and AP models moved, each
  /// AP's power adjusted so that its model gives the same RSSI at the same place); any other map
  /// as it is. Nil for a frame it cannot carry (a named frame other than EPSG:3857, or a place
  /// within a degree of a pole).
  public func inGroundFrame() -> RadioMap? {
    switch mapFrame {
    case .local: return self
    case .other: return nil
    case .webMercator: break
    }
    let all = levels.flatMap { $0.points.map(\.position) }
    guard let centre = BoundingBox(points: all)?.center else { return nil }
    let local = LocalFrame(origin: WebMercator.coordinate(for: centre))
    func carry(_ p: Point) -> Point { local.point(for: WebMercator.coordinate(for: p)) }
    // Ground metres per projected metre here, east and north averaged (on the ellipsoid they
    // differ by under 0.5 %; a grid has one spacing).
    let east = carry(centre + Point(x: 100, y: 0)).distance(to: carry(centre)) / 100
    let north = carry(centre + Point(x: 0, y: 100)).distance(to: carry(centre)) / 100
    let scale = (east + north) / 2
    // Near the poles (or off the projection) the ground has no usable scale: refuse.
    guard scale.isFinite, scale > 0.01 else { return nil }
    let moved = levels.map { level in
      var level = level
      level.origin = carry(level.origin)
      level.spacing *= scale
      for i in level.points.indices { level.points[i].position = carry(level.points[i].position) }
      for i in level.models.indices {
        let model = level.models[i]
        level.models[i].position = carry(model.position)
        // power − 10 n log10(d / scale) = (power + 10 n log10(scale)) − 10 n log10(d).
        level.models[i].power = model.power + 10 * model.exponent * log10(scale)
      }
      return level
    }
    return RadioMap(
      bssids: bssids, levels: moved, origin: local.origin, frame: nil, sources: sources,
      measurementSigma: measurementSigma, priorWeight: priorWeight)
  }

  /// The map with level `l` named IMDF level `ids[l]` (one id, or nil, per level).
  public func withLevelIDs(_ ids: [String?]) -> RadioMap {
    precondition(ids.count == levels.count, "one level id per level")
    var named = levels
    for l in named.indices { named[l].levelID = ids[l] }
    return RadioMap(
      bssids: bssids, levels: named, origin: origin, frame: frame, sources: sources,
      measurementSigma: measurementSigma, priorWeight: priorWeight)
  }
}
