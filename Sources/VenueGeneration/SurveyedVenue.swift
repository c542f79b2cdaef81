import Foundation
import Geometry

/// A venue known only from its survey (a radio map without IMDF: an IPIN site, UJIIndoorLoc, an
/// uploaded map): per floor, the area the survey spans (the convex hull of its points, `margin`
/// metres wider), where walkers go anywhere, as they leave the surveyed lines; and stairs where
/// the survey saw walkers change floors, on every floor between the two. Drawn as an
/// `OutlineVenue`: the outline is open walkway, the stairs open onto it on every side.
public struct SurveyedVenue: Sendable {
  /// The surveyed points of one floor.
  public struct Floor: Sendable {
    /// The floor's ordinal.
    public var ordinal: Int
    /// Where scans were taken, metres.
    public var points: [Point]
    /// The label of its building when the venue has several (they may share ordinals).
    public var building: String?

    /// A floor at `ordinal` (of building `building`) surveyed at `points`.
    public init(ordinal: Int, points: [Point], building: String? = nil) {
      self.ordinal = ordinal
      self.points = points
      self.building = building
    }
  }

  /// A place where a walker went from one floor to another.
  public struct Passage: Sendable, Hashable {
    /// The ordinals of the two floors, lower first.
    public var lower: Int
    public var upper: Int
    /// Where, metres.
    public var point: Point

    /// A passage between `lower` and `upper` at `point`.
    public init(lower: Int, upper: Int, point: Point) {
      self.lower = min(lower, upper)
      self.upper = max(lower, upper)
      self.point = point
    }
  }

  /// The venue's name; it also namespaces the feature ids.
  public var name: String
  /// The WGS84 origin of the metres the points are in.
  public var origin: GeoCoordinate
  /// The surveyed floors.
  public var floors: [Floor]
  /// Where walkers changed floors.
  public var passages: [Passage]
  /// How far walkable space reaches beyond the survey's hull, metres: walkers leave the surveyed
  /// lines by a corridor's width, and the survey's own positions are a few metres off.
  public var margin = 5.0
  /// The side of the square of stairs drawn at a passage, metres; passages closer than this
  /// (between the same floors) are one.
  public var passageSize = 6.0

  /// A venue of `floors` and `passages` drawn in metres about `origin`.
  public init(name: String, origin: GeoCoordinate, floors: [Floor], passages: [Passage]) {
    self.name = name
    self.origin = origin
    self.floors = floors
    self.passages = passages
  }

  /// The passages of `tracks` (each a walker's points in time order): the midpoint of each pair
  /// of consecutive points on different floors at most `gap` seconds apart.
  public static func passages(
    of tracks: [[(t: Double, ordinal: Int, point: Point)]], gap: Double = 60
  ) -> [Passage] {
    tracks.flatMap { track in
      zip(track, track.dropFirst()).compactMap { a, b in
        guard a.ordinal != b.ordinal, b.t - a.t <= gap else { return nil }
        return Passage(
          lower: a.ordinal, upper: b.ordinal, point: a.point.interpolated(to: b.point, at: 0.5))
      }
    }
  }

  /// The passages merged: those between the same floors within `passageSize` of one another's
  /// mean become one, at their mean.
  public var mergedPassages: [Passage] {
    var groups: [(passage: Passage, count: Int)] = []
    for p in passages {
      if let g = groups.firstIndex(where: {
        $0.passage.lower == p.lower && $0.passage.upper == p.upper
          && $0.passage.point.distance(to: p.point) <= passageSize
      }) {
        let (mean, n) = groups[g]
        let point = (mean.point * Double(n) + p.point) / Double(n + 1)
        groups[g] = (Passage(lower: p.lower, upper: p.upper, point: point), n + 1)
      } else {
        groups.append((p, 1))
      }
    }
    return groups.map(\.passage)
  }

  /// The venue as an outline per floor with stairs in it, its frame at `origin`.
  public func outlineVenue() -> OutlineVenue {
    let passages = mergedPassages
    let half = passageSize / 2
    func square(_ c: Point) -> [Point] {
      [
        Point(x: c.x - half, y: c.y - half), Point(x: c.x + half, y: c.y - half),
        Point(x: c.x + half, y: c.y + half), Point(x: c.x - half, y: c.y + half),
      ]
    }
    // A floor per building and ordinal; passages (walkers' own) join the unlabelled building's.
    var keys: [(building: String?, ordinal: Int)] = []
    for floor in floors where !keys.contains(where: { $0 == (floor.building, floor.ordinal) }) {
      keys.append((floor.building, floor.ordinal))
    }
    keys.sort { ($0.building ?? "", $0.ordinal) < ($1.building ?? "", $1.ordinal) }
    let outlineFloors = keys.compactMap { building, ordinal -> OutlineVenue.Floor? in
      let here =
        building == nil ? passages.filter { $0.lower <= ordinal && ordinal <= $0.upper } : []
      var points = floors.filter { $0.building == building && $0.ordinal == ordinal }.flatMap(
        \.points)
      points += here.flatMap { square($0.point) }
      // Each point widened by the margin (a 16-gon about it), then the hull of them all.
      let around = (0..<16).map { k in
        let a = Double(k) * .pi / 8
        return Point(x: margin * cos(a), y: margin * sin(a))
      }
      guard let hull = Ring.convexHull(of: points.flatMap { p in around.map { p + $0 } }) else {
        return nil
      }
      let units = here.enumerated().map { k, passage in
        OutlineVenue.Unit(
          name: "Stairs \(k + 1)", category: "stairs", shape: Polygon(square(passage.point)))
      }
      let name = ordinal == 0 ? "Ground" : "Level \(ordinal)"
      return OutlineVenue.Floor(
        name: building.map { "\($0) \(name)" } ?? name, ordinal: ordinal,
        outline: [Polygon(exterior: hull)], units: units, building: building)
    }
    var venue = OutlineVenue(
      name: name, origin: origin, floors: outlineFloors,
      generator: "fingerpost: the area a survey spans")
    // The venue's frame is the survey's; its outline holds every floor's.
    venue.displayPoint = .zero
    let corners = outlineFloors.flatMap { $0.outline.flatMap(\.exterior.points) }
    venue.venueOutline = Ring.convexHull(of: corners).map { [Polygon(exterior: $0)] }
    return venue
  }
}
