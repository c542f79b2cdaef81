import Foundation

/// Reads each IMDF feature file of an archive into the typed arrays of a `Venue`.
struct FeatureFileReader {
  let source: any ArchiveSource
  /// What the archive has used of its limits.
  var budget: VenueLoader.Budget

  mutating func readAll(into venue: inout Venue, present: Set<String>) {
    func read<F: IMDFFeature>(_: F.Type) -> [F] {
      guard present.contains(F.featureType.fileName) else { return [] }
      return features(F.self, into: &venue)
    }
    venue.addresses = read(Address.self)
    venue.venues = read(VenueFeature.self)
    venue.buildings = read(Building.self)
    venue.footprints = read(Footprint.self)
    venue.levels = read(Level.self)
    venue.units = read(Unit.self)
    venue.openings = read(Opening.self)
    venue.amenities = read(Amenity.self)
    venue.anchors = read(Anchor.self)
    venue.occupants = read(Occupant.self)
    venue.fixtures = read(Fixture.self)
    venue.kiosks = read(Kiosk.self)
    venue.sections = read(Section.self)
    venue.geofences = read(Geofence.self)
    venue.details = read(Detail.self)
    venue.relationships = read(Relationship.self)
  }

  /// Decodes every feature of `F`'s file; malformed features are reported and skipped. Stops
  /// the archive at its limits of features and positions.
  mutating func features<F: IMDFFeature>(_: F.Type, into venue: inout Venue) -> [F] {
    let type = F.featureType
    let file = type.fileName
    guard let json = VenueLoader.read(file, from: source, into: &venue, budget: &budget) else {
      return []
    }
    guard json["type"]?.stringValue == "FeatureCollection",
      let items = json["features"]?.arrayValue
    else {
      venue.findings.append(
        Finding(.error, file: file, "is not a GeoJSON FeatureCollection with a features array"))
      return []
    }
    if items.isEmpty {
      venue.findings.append(Finding(.warning, file: file, "has no features"))
    }
    let limits = budget.limits
    guard budget.features + items.count <= limits.features else {
      venue.limitExceeded = "more than \(limits.features) features in the archive"
      venue.findings.append(
        Finding(.error, file: file, "holds \(venue.limitExceeded!): the rest is not read"))
      return []
    }
    budget.features += items.count
    var result: [F] = []
    result.reserveCapacity(items.count)
    for (position, item) in items.enumerated() {
      guard let feature: F = decode(item, position: position, into: &venue) else { continue }
      budget.positions += feature.geometry?.positionCount ?? 0
      guard budget.positions <= limits.positions else {
        venue.limitExceeded = "more than \(limits.positions) coordinate positions in the archive"
        venue.findings.append(
          Finding(.error, file: file, "holds \(venue.limitExceeded!): the rest is not read"))
        return result
      }
      result.append(feature)
    }
    return result
  }

  private func decode<F: IMDFFeature>(_ item: JSONValue, position: Int, into venue: inout Venue)
    -> F?
  {
    let type = F.featureType
    let file = type.fileName
    guard let object = item.objectValue else {
      venue.findings.append(
        Finding(.error, file: file, "feature #\(position + 1) is not a JSON object"))
      return nil
    }
    let id: String
    if let s = object["id"]?.stringValue {
      id = s
    } else if let n = object["id"]?.intValue {
      id = String(n)
    } else {
      venue.findings.append(Finding(.error, file: file, "feature #\(position + 1) has no id"))
      return nil
    }
    venue.featureIDs.append((id, type))
    func report(_ severity: Finding.Severity, _ message: String) {
      venue.findings.append(Finding(severity, file: file, featureID: id, message))
    }
    let declared = object["feature_type"]?.stringValue
    if declared != type.rawValue {
      report(
        .error,
        "feature_type is \(declared.map { "\"\($0)\"" } ?? "missing"), expected \"\(type.rawValue)\""
      )
    }
    var geometry: GeoJSONGeometry?
    do {
      geometry = try GeoJSONGeometry(json: object["geometry"] ?? .null)
    } catch {
      report(.error, "geometry \(error.message)")
    }
    if !type.allowedGeometry.contains(geometry?.kind) {
      let allowed = type.allowedGeometry.map { $0?.rawValue ?? "null" }.sorted()
        .joined(separator: " or ")
      // Extra shape where IMDF wants none loses nothing; a wrong shape is an error.
      let severity: Finding.Severity = type.allowedGeometry == [nil] ? .warning : .error
      report(
        severity,
        "geometry \(geometry?.kind.rawValue ?? "null") is not allowed for \(type.rawValue) (\(allowed))"
      )
      if severity == .warning { geometry = nil }
    }
    let properties = object["properties"]?.objectValue ?? [:]
    if object["properties"]?.objectValue == nil {
      report(.error, "properties is not an object")
    }
    var reader = PropertyReader(properties: properties, file: file, featureID: id)
    var feature = F(id: id, geometry: geometry, properties: &reader)
    feature.extraProperties = reader.extras
    venue.findings += reader.findings
    return feature
  }
}
