import Geometry

extension VenueValidator {
  /// Polygon rings must be closed, have at least four positions and not cross themselves.
  mutating func checkRings() {
    let frame = venue.frame
    func check<F: IMDFFeature>(_ features: [F]) {
      for feature in features {
        for rings in feature.geometry?.polygonRings ?? [] {
          for (r, ring) in rings.enumerated() {
            let name = r == 0 ? "exterior ring" : "hole \(r)"
            if ring.count < 4 {
              add(.error, F.featureType, feature.id, "\(name) has \(ring.count) positions (< 4)")
              continue
            }
            if ring.first != ring.last {
              add(.error, F.featureType, feature.id, "\(name) is not closed")
            }
            if let p = Ring(ring.map(frame.point(for:))).firstSelfIntersection {
              let at = frame.coordinate(for: p)
              add(.error, F.featureType, feature.id, "\(name) intersects itself near \(at)")
            }
          }
        }
      }
    }
    check(venue.venues)
    check(venue.footprints)
    check(venue.levels)
    check(venue.units)
    check(venue.fixtures)
    check(venue.kiosks)
    check(venue.sections)
    check(venue.geofences)
  }

  /// A unit must lie within the outline of its level.
  mutating func checkUnitsInsideLevels() {
    let frame = venue.frame
    let outlines = venue.levels.map { $0.geometry?.localPolygons(in: frame) ?? [] }
    for unit in venue.units {
      guard let levelIndex = unit.levelID.flatMap({ index.levelsByID[$0] }),
        !outlines[levelIndex].isEmpty
      else { continue }
      let level = MultiPolygon(outlines[levelIndex])
      let shapes = unit.geometry?.localPolygons(in: frame) ?? []
      guard let shape = shapes.first else { continue }
      if !level.contains(shape.interiorPoint) {
        add(.error, .unit, unit.id, "lies outside its level's outline")
        continue
      }
      let overshoot =
        shapes.flatMap(\.exterior.points)
        .filter { !level.contains($0) }
        .map { level.distanceToBoundary(from: $0) }
        .max() ?? 0
      if overshoot > 0.5 {
        add(
          .warning, .unit, unit.id,
          "extends \(overshoot.formatted(decimals: 1)) m beyond its level's outline")
      }
    }
  }

  /// Levels, units and openings must lie within the venue's extent (its outline with a margin,
  /// `Venue.extent(in:)`): what reaches beyond is cut off from the floor plans.
  mutating func checkExtent() {
    let frame = venue.frame
    let extent = venue.extent(in: frame)
    func check<F: IMDFFeature>(_ features: [F]) {
      for feature in features {
        guard let geometry = feature.geometry else { continue }
        let points =
          geometry.localPolygons(in: frame).flatMap { $0.exterior.points }
          + geometry.localSegments(in: frame).flatMap { [$0.a, $0.b] }
        let beyond =
          points.map { p in
            max(extent.min.x - p.x, p.x - extent.max.x, extent.min.y - p.y, p.y - extent.max.y)
          }.max() ?? 0
        if beyond > 0 {
          add(
            .error, F.featureType, feature.id,
            "reaches \(beyond.formatted(decimals: 0)) m beyond the venue's outline (and "
              + "\(Int(Venue.outlineMargin)) m): floor plans cut it off")
        }
      }
    }
    check(venue.levels)
    check(venue.units)
    check(venue.openings)
  }

  /// An opening must lie on a unit boundary of its level; an `automobile` opening between
  /// indoor rooms is almost certainly a mislabel.
  mutating func checkOpenings() {
    let frame = venue.frame
    var unitsByLevel: [String: [(unit: Unit, polygons: [Polygon])]] = [:]
    for unit in venue.units {
      guard let level = unit.levelID else { continue }
      unitsByLevel[level, default: []].append(
        (unit, unit.geometry?.localPolygons(in: frame) ?? []))
    }
    var edgeIndexes: [String: (SegmentIndex, [Int])] = [:]
    for (level, units) in unitsByLevel {
      var edges: [Segment] = []
      var owners: [Int] = []
      for (u, entry) in units.enumerated() {
        let unitEdges = entry.polygons.flatMap(\.edges)
        edges += unitEdges
        owners += Array(repeating: u, count: unitEdges.count)
      }
      edgeIndexes[level] = (SegmentIndex(edges, cellSize: 4), owners)
    }
    let levelsByID = index.levelsByID
    for opening in venue.openings {
      guard let levelID = opening.levelID, let (edges, owners) = edgeIndexes[levelID] else {
        continue
      }
      let segments = opening.geometry?.localSegments(in: frame) ?? []
      guard let segment = segments.first else { continue }
      let tolerance = 0.3
      let near = edges.near(segment.midpoint, within: tolerance)
      if near.isEmpty {
        add(.warning, .opening, opening.id, "lies on no unit boundary")
        continue
      }
      let outdoor = levelsByID[levelID].map { venue.levels[$0].outdoor } ?? false
      if opening.category == "automobile", !outdoor {
        let sides = Set(near.map { owners[$0] }).compactMap { unitsByLevel[levelID]?[$0].unit }
        let vehicular: Set<String> = ["parking", "road"]
        if !sides.contains(where: { vehicular.contains($0.category ?? "") }) {
          let hint =
            opening.extraProperties["unit_categoty"]?.stringValue
            ?? sides.compactMap(\.category).sorted().joined(separator: "/")
          add(
            .warning, .opening, opening.id,
            "category \"automobile\" on an indoor level between \(hint) units: probably mislabelled"
          )
        }
      }
    }
  }
}
