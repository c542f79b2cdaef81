import Geometry

extension GeoJSONGeometry {
  /// The Polygon or MultiPolygon as polygons in the local frame (empty for other types).
  public func localPolygons(in frame: LocalFrame) -> [Polygon] {
    polygonRings.compactMap { rings in
      guard let exterior = rings.first, exterior.count >= 3 else { return nil }
      let local = rings.map { Ring($0.map(frame.point(for:))) }
      return Polygon(exterior: local[0], holes: Array(local.dropFirst()))
    }
  }

  /// The LineString or MultiLineString as segments in the local frame (empty for other types).
  public func localSegments(in frame: LocalFrame) -> [Segment] {
    lines.flatMap { line -> [Segment] in
      let points = line.map(frame.point(for:))
      return zip(points, points.dropFirst()).map { Segment($0, $1) }
    }
  }

  /// The Point in the local frame (nil for other types).
  public func localPoint(in frame: LocalFrame) -> Point? {
    guard case .point(let coordinate) = self else { return nil }
    return frame.point(for: coordinate)
  }
}
