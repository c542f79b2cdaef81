import IMDF

extension FloorPlanSet {
  /// The validation report of `venue` (these plans' venue): IMDF's findings, then what
  /// Fingerpost derived where the venue draws nothing (`findings`).
  public func report(validating venue: Venue) -> ValidationReport {
    let report = VenueValidator.validate(venue)
    return ValidationReport(path: report.path, findings: report.findings + findings)
  }

  /// What Fingerpost derived where the venue draws nothing, one info finding per level: the
  /// outline in no unit walked as an open walkway, and the doors inferred for enclosed units
  /// that no opening reaches.
  public var findings: [Finding] {
    plans.flatMap { plan -> [Finding] in
      var findings: [Finding] = []
      if plan.wallsIncomplete {
        findings.append(
          Finding(
            .error, file: "unit.geojson", featureID: plan.levelID,
            "the level's units overlap one another too many times over (more than "
              + "\(WallBuilder.pairBudget) pairs of nearby edges): its walls "
              + "were not all derived"))
      }
      if plan.walkwayArea > 0 {
        findings.append(
          Finding(
            .info, file: "level.geojson", featureID: plan.levelID,
            "\(Int(plan.walkwayArea.rounded())) m² of the level's outline is in no unit: "
              + "walked as an open walkway (corridors not drawn as units)"))
      }
      let inferred = plan.doors.count(where: \.isInferred)
      if inferred > 0 {
        let units = inferred == 1 ? "1 unit" : "\(inferred) units"
        findings.append(
          Finding(
            .info, file: "level.geojson", featureID: plan.levelID,
            "\(units) that no opening reaches: a door of "
              + "\(WallBuilder.inferredDoorWidth.formatted(decimals: 1)) m inferred where each "
              + "meets a walkway (else another walkable unit)"))
      }
      return findings
    }
  }
}
