import Geometry
import IMDF

/// Every floor plan of a venue, the vertical connectors between them, and the venue frame.
public struct FloorPlanSet: Sendable {
  /// The venue's local metric frame.
  public let frame: LocalFrame
  /// One plan per IMDF level, ordered by ordinal, then level id.
  public let plans: [FloorPlan]
  /// Links between units on different levels.
  public let connectors: [Connector]

  /// Derives the plans of every level of `venue`; units or openings with no level are skipped,
  /// and geometry beyond the venue's outline (with a margin; `Venue.extent(in:)`) is cut off.
  public init(venue: Venue, nonpublicWalkable: Bool = false) {
    let frame = venue.frame
    self.frame = frame
    let window = venue.extent(in: frame)
    var unitsByLevel: [String: [Unit]] = [:]
    for unit in venue.units {
      if let level = unit.levelID { unitsByLevel[level, default: []].append(unit) }
    }
    var openingsByLevel: [String: [Opening]] = [:]
    for opening in venue.openings {
      if let level = opening.levelID { openingsByLevel[level, default: []].append(opening) }
    }
    let language = venue.manifest?.language ?? "en"
    let levels = venue.levels.filter { $0.ordinal != nil }
      .sorted { ($0.ordinal!, $0.id) < ($1.ordinal!, $1.id) }
    plans = levels.map { level in
      var units = (unitsByLevel[level.id] ?? []).map { unit in
        PlanUnit(
          id: unit.id, name: unit.name?.text(preferring: language),
          names: [unit.name, unit.altName].compactMap { $0 }.flatMap { Array($0.values.values) },
          category: unit.category ?? "unspecified",
          kind: UnitKind(category: unit.category, nonpublicWalkable: nonpublicWalkable),
          shape: MultiPolygon(unit.geometry?.localPolygons(in: frame) ?? []).clipped(to: window),
          displayPoint: unit.displayPoint.map(frame.point(for:)).flatMap {
            window.contains($0) ? $0 : nil
          })
      }
      let openings = (openingsByLevel[level.id] ?? []).map {
        (
          id: $0.id, category: $0.category,
          segments: ($0.geometry?.localSegments(in: frame) ?? []).compactMap(window.clip)
        )
      }
      let outline = MultiPolygon(level.geometry?.localPolygons(in: frame) ?? []).clipped(
        to: window)
      var builder = WallBuilder(units: units, openings: openings)
      let walkway = OpenWalkway(outline: outline, units: units)
      if let walkway {
        let edges = outline.edges + units.flatMap(\.shape.edges)
        builder = WallBuilder(
          units: units + [walkway.unit(levelID: level.id, units: units)], openings: openings,
          boundaries: [units.count: walkway.boundary(along: edges)])
        units = builder.units
      }
      // Enclosed units that no opening reaches get a door where they meet circulation.
      var pairs = 0
      let walkable = WallBuilder.WalkableEdges(builder)
      builder.openings += builder.inferredOpenings(walkable: walkable, pairs: &pairs)
      let derived = builder.build(walkable: walkable, pairs: pairs)
      let ordinal = level.ordinal!
      return FloorPlan(
        levelID: level.id, ordinal: ordinal,
        name: level.name?.text(preferring: language) ?? "Level \(ordinal)",
        shortName: level.shortName?.text(preferring: language) ?? String(ordinal),
        buildingIDs: level.buildingIDs,
        outline: outline, units: units, walkway: walkway, walls: derived.walls,
        wallSides: derived.wallSides, doors: derived.doors, portals: derived.portals,
        wallsIncomplete: derived.exhausted)
    }
    let relationships = venue.relationships.compactMap {
      r -> (id: String, kind: ConnectorKind, ends: [String])? in
      guard let kind = r.category.flatMap(ConnectorKind.init(category:)) else { return nil }
      let ends = ([r.origin] + r.intermediary.map(Optional.some) + [r.destination]).compactMap {
        $0?.id
      }
      return (r.id, kind, ends)
    }
    connectors = ConnectorFinder.find(plans: plans, relationships: relationships)
  }

  /// Every floor, in the order of `plans` (by ordinal, then level id).
  public var floors: [FloorID] { plans.indices.map(FloorID.init) }

  /// The floor plan of `floor`.
  public subscript(_ floor: FloorID) -> FloorPlan { plans[floor.index] }

  /// The floors at `ordinal` (several when buildings share an ordinal).
  public func floors(atOrdinal ordinal: Int) -> [FloorID] {
    plans.indices.filter { plans[$0].ordinal == ordinal }.map(FloorID.init)
  }

  /// The floor at `ordinal` that `point` (metres) is on when levels share the ordinal (an
  /// outdoor level beside a building's, two buildings): where it is walkable, else inside the
  /// level's outline, else the first floor of that ordinal.
  public func floor(atOrdinal ordinal: Int, containing point: Point) -> FloorID? {
    let candidates = floors(atOrdinal: ordinal)
    return candidates.first { self[$0].isWalkable(point) }
      ?? candidates.first { self[$0].outline.contains(point) } ?? candidates.first
  }

  /// The floor of IMDF level `levelID`.
  public func floor(levelID: String) -> FloorID? {
    plans.firstIndex { $0.levelID == levelID }.map(FloorID.init)
  }

  /// The unit with IMDF id `id`, wherever it is.
  public func unitRef(id: String) -> UnitRef? {
    for (p, plan) in plans.enumerated() {
      if let u = plan.unitIndex(id: id) { return UnitRef(floor: FloorID(p), unit: u) }
    }
    return nil
  }

  /// The unit a reference points at.
  public func unit(_ ref: UnitRef) -> PlanUnit {
    self[ref.floor].units[ref.unit]
  }

  /// The extent of all level outlines in the venue frame.
  public var bounds: BoundingBox? {
    plans.compactMap {
      $0.outline.bounds ?? $0.units.compactMap(\.shape.bounds).reduce(nil) { $0?.union($1) ?? $1 }
    }
    .reduce(nil) { $0?.union($1) ?? $1 }
  }
}
