import Foundation

/// Checks a loaded venue against IMDF 1.0: ids, references, categories, geometry and the
/// relations between units, levels and openings.
public struct VenueValidator {
  let venue: Venue
  let index: VenueIndex
  var findings: [Finding] = []

  /// Validates `venue`; the report includes the findings made while loading it.
  public static func validate(_ venue: Venue) -> ValidationReport {
    var validator = VenueValidator(venue: venue, index: VenueIndex(venue))
    validator.findings = venue.findings
    validator.checkIdentifiers()
    validator.checkReferences()
    validator.checkCategories()
    validator.checkRings()
    validator.checkLevels()
    validator.checkUnitsInsideLevels()
    validator.checkExtent()
    validator.checkOpenings()
    return ValidationReport(path: venue.path, findings: validator.findings)
  }

  mutating func add(
    _ severity: Finding.Severity, _ type: FeatureType, _ id: String?, _ message: String
  ) {
    findings.append(Finding(severity, file: type.fileName, featureID: id, message))
  }

  mutating func checkIdentifiers() {
    var seen: [String: FeatureType] = [:]
    for (id, type) in venue.featureIDs {
      if let first = seen[id] {
        add(.error, type, id, "duplicate id (first used by a \(first.rawValue))")
      } else {
        seen[id] = type
      }
      if UUID(uuidString: id) == nil { add(.error, type, id, "id is not a UUID") }
    }
    if venue.venues.count != 1, venue.findings.allSatisfy({ $0.file != "venue.geojson" }) {
      add(.error, .venue, nil, "an archive needs exactly one venue, found \(venue.venues.count)")
    }
  }

  mutating func checkCategories() {
    func check<F: CategorizedFeature>(_ features: [F]) {
      let known = F.featureType.knownCategories
      for feature in features {
        guard let category = feature.category else {
          if F.featureType != .occupant {
            add(.warning, F.featureType, feature.id, "has no category")
          }
          continue
        }
        if !known.isEmpty, !known.contains(category) {
          add(
            .warning, F.featureType, feature.id,
            "unknown \(F.featureType.rawValue) category \"\(category)\"; kept as written")
        }
      }
    }
    check(venue.units)
    check(venue.levels)
    check(venue.openings)
    check(venue.amenities)
    check(venue.buildings)
    check(venue.footprints)
    check(venue.venues)
    check(venue.occupants)
    check(venue.fixtures)
    check(venue.sections)
    check(venue.geofences)
    check(venue.relationships)
  }

  mutating func checkLevels() {
    var seen: [String: Level] = [:]
    for level in venue.levels {
      guard let ordinal = level.ordinal else {
        add(.error, .level, level.id, "has no ordinal")
        continue
      }
      guard !level.outdoor else { continue }
      if level.buildingIDs.isEmpty { add(.warning, .level, level.id, "has no building_ids") }
      for building in level.buildingIDs {
        let key = "\(building)#\(ordinal)"
        if let other = seen[key] {
          add(
            .error, .level, level.id,
            "shares ordinal \(ordinal) of building \(building) with indoor level \(other.id)")
        } else {
          seen[key] = level
        }
      }
    }
  }
}
