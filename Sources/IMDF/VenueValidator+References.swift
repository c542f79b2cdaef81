extension VenueValidator {
  /// Every reference must point at an existing feature of the right type.
  mutating func checkReferences() {
    func check(
      _ type: FeatureType, _ id: String, _ key: String, _ target: String?, _ want: FeatureType,
      required: Bool = false
    ) {
      guard let target else {
        if required { add(.error, type, id, "has no \(key)") }
        return
      }
      guard let found = index.typesByID[target] else {
        add(.error, type, id, "\(key) \(target) references no feature")
        return
      }
      if found != want {
        add(
          .error, type, id, "\(key) \(target) is a \(found.rawValue), expected a \(want.rawValue)")
      }
    }
    for u in venue.units { check(.unit, u.id, "level_id", u.levelID, .level, required: true) }
    for o in venue.openings {
      check(.opening, o.id, "level_id", o.levelID, .level, required: true)
    }
    for a in venue.amenities {
      if a.unitIDs.isEmpty { add(.error, .amenity, a.id, "has no unit_ids") }
      for u in a.unitIDs { check(.amenity, a.id, "unit_ids", u, .unit) }
      check(.amenity, a.id, "address_id", a.addressID, .address)
    }
    for a in venue.anchors {
      check(.anchor, a.id, "unit_id", a.unitID, .unit, required: true)
      check(.anchor, a.id, "address_id", a.addressID, .address)
    }
    for o in venue.occupants {
      check(.occupant, o.id, "anchor_id", o.anchorID, .anchor, required: true)
    }
    for l in venue.levels {
      for b in l.buildingIDs { check(.level, l.id, "building_ids", b, .building) }
      check(.level, l.id, "address_id", l.addressID, .address)
    }
    for b in venue.buildings { check(.building, b.id, "address_id", b.addressID, .address) }
    for v in venue.venues { check(.venue, v.id, "address_id", v.addressID, .address) }
    for f in venue.footprints {
      for b in f.buildingIDs { check(.footprint, f.id, "building_ids", b, .building) }
    }
    for f in venue.fixtures {
      check(.fixture, f.id, "level_id", f.levelID, .level, required: true)
      check(.fixture, f.id, "anchor_id", f.anchorID, .anchor)
    }
    for k in venue.kiosks {
      check(.kiosk, k.id, "level_id", k.levelID, .level, required: true)
      check(.kiosk, k.id, "anchor_id", k.anchorID, .anchor)
    }
    for s in venue.sections {
      check(.section, s.id, "level_id", s.levelID, .level, required: true)
      check(.section, s.id, "address_id", s.addressID, .address)
      for p in s.parents { check(.section, s.id, "parents", p, .section) }
    }
    for g in venue.geofences {
      for b in g.buildingIDs { check(.geofence, g.id, "building_ids", b, .building) }
      for l in g.levelIDs { check(.geofence, g.id, "level_ids", l, .level) }
    }
    for d in venue.details { check(.detail, d.id, "level_id", d.levelID, .level, required: true) }
    for r in venue.relationships { checkRelationship(r) }
  }

  private mutating func checkRelationship(_ r: Relationship) {
    let ends = [("origin", r.origin), ("destination", r.destination)]
    for (key, reference) in ends {
      guard let reference else {
        add(.error, .relationship, r.id, "has no \(key)")
        continue
      }
      checkReference(r.id, key, reference)
    }
    for reference in r.intermediary { checkReference(r.id, "intermediary", reference) }
  }

  private mutating func checkReference(_ id: String, _ key: String, _ reference: FeatureReference) {
    guard let found = index.typesByID[reference.id] else {
      add(.error, .relationship, id, "\(key) \(reference.id) references no feature")
      return
    }
    if found.rawValue != reference.featureType {
      add(
        .error, .relationship, id,
        "\(key) \(reference.id) is a \(found.rawValue), not a \(reference.featureType)")
    }
  }
}
