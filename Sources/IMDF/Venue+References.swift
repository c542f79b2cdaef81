/// Lookups that resolve the references between features of a venue.
public struct VenueIndex: Sendable {
  /// Position in the venue's unit array by unit id (first occurrence wins).
  public let unitsByID: [String: Int]
  /// Position in the venue's level array by level id (first occurrence wins).
  public let levelsByID: [String: Int]
  /// Position in the venue's building array by building id (first occurrence wins).
  public let buildingsByID: [String: Int]
  /// Position in the venue's anchor array by anchor id (first occurrence wins).
  public let anchorsByID: [String: Int]
  /// Position in the venue's address array by address id (first occurrence wins).
  public let addressesByID: [String: Int]
  /// Every id in the archive with its feature type (first occurrence wins).
  public let typesByID: [String: FeatureType]

  /// Builds the lookups of `venue`.
  public init(_ venue: Venue) {
    func index<F: IMDFFeature>(_ features: [F]) -> [String: Int] {
      Dictionary(features.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
    unitsByID = index(venue.units)
    levelsByID = index(venue.levels)
    buildingsByID = index(venue.buildings)
    anchorsByID = index(venue.anchors)
    addressesByID = index(venue.addresses)
    typesByID = Dictionary(
      venue.featureIDs.map { ($0.id, $0.type) }, uniquingKeysWith: { first, _ in first })
  }
}

extension Venue {
  /// The level a unit is on.
  public func level(of unit: Unit, index: VenueIndex) -> Level? {
    unit.levelID.flatMap { index.levelsByID[$0] }.map { levels[$0] }
  }

  /// The level an opening is on.
  public func level(of opening: Opening, index: VenueIndex) -> Level? {
    opening.levelID.flatMap { index.levelsByID[$0] }.map { levels[$0] }
  }

  /// The buildings a level belongs to.
  public func buildings(of level: Level, index: VenueIndex) -> [Building] {
    level.buildingIDs.compactMap { index.buildingsByID[$0] }.map { buildings[$0] }
  }

  /// The units an amenity serves.
  public func units(of amenity: Amenity, index: VenueIndex) -> [Unit] {
    amenity.unitIDs.compactMap { index.unitsByID[$0] }.map { units[$0] }
  }

  /// The unit an anchor lies in.
  public func unit(of anchor: Anchor, index: VenueIndex) -> Unit? {
    anchor.unitID.flatMap { index.unitsByID[$0] }.map { units[$0] }
  }

  /// The anchor of an occupant.
  public func anchor(of occupant: Occupant, index: VenueIndex) -> Anchor? {
    occupant.anchorID.flatMap { index.anchorsByID[$0] }.map { anchors[$0] }
  }

  /// The unit an occupant is in, through its anchor.
  public func unit(of occupant: Occupant, index: VenueIndex) -> Unit? {
    anchor(of: occupant, index: index).flatMap { unit(of: $0, index: index) }
  }

  /// The type of the feature a reference points at, or `nil` when it dangles.
  public func resolve(_ reference: FeatureReference, index: VenueIndex) -> FeatureType? {
    index.typesByID[reference.id]
  }

  /// The occupants placed in each unit, by unit id.
  public func occupantsByUnit(index: VenueIndex) -> [String: [Occupant]] {
    var result: [String: [Occupant]] = [:]
    for occupant in occupants {
      if let unit = unit(of: occupant, index: index) {
        result[unit.id, default: []].append(occupant)
      }
    }
    return result
  }
}
