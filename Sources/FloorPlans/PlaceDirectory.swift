import Geometry
import IMDF

/// What the venue says about its units beyond their shapes: who occupies them and which
/// amenities are in them, for the place card; and where each level's amenities are, for glyphs.
public struct PlaceDirectory: Sendable {
  /// An amenity's glyph position on a plan.
  public struct Marker: Sendable, Equatable {
    /// The amenity category, e.g. `restroom.female`.
    public var category: String
    /// Where it is, metres in the venue frame.
    public var point: Point
  }

  /// Occupant names by unit id, sorted.
  public private(set) var occupants: [String: [String]] = [:]
  /// Amenity categories by unit id, sorted.
  public private(set) var amenities: [String: [String]] = [:]
  /// Amenity markers by plan index.
  public private(set) var markers: [[Marker]] = []

  /// An empty directory (a venue without occupants or amenities).
  public init(planCount: Int) {
    markers = Array(repeating: [], count: planCount)
  }

  /// The directory of `venue`, whose floor plans are `plans`.
  public init(venue: Venue, plans: FloorPlanSet) {
    self.init(planCount: plans.plans.count)
    let language = venue.manifest?.language ?? "en"
    let anchorUnit = Dictionary(
      venue.anchors.compactMap { a in a.unitID.map { (a.id, $0) } }, uniquingKeysWith: { a, _ in a }
    )
    for occupant in venue.occupants {
      guard let anchor = occupant.anchorID, let unit = anchorUnit[anchor],
        let name = occupant.name?.text(preferring: language)
      else { continue }
      occupants[unit, default: []].append(name)
    }
    var planOfUnit: [String: Int] = [:]
    for (p, plan) in plans.plans.enumerated() {
      for unit in plan.units { planOfUnit[unit.id] = p }
    }
    for amenity in venue.amenities {
      let category = amenity.category ?? "amenity"
      for unit in amenity.unitIDs { amenities[unit, default: []].append(category) }
      guard let plan = amenity.unitIDs.lazy.compactMap({ planOfUnit[$0] }).first,
        let point = amenity.geometry?.localPoint(in: plans.frame)
      else { continue }
      markers[plan].append(Marker(category: category, point: point))
    }
    for key in occupants.keys { occupants[key]?.sort() }
    for key in amenities.keys { amenities[key] = Array(Set(amenities[key]!)).sorted() }
  }
}
