import FingerpostCore

extension FloorPlanSet {
  /// The unit `text` names: its IMDF id, else a name in any of its languages (case-insensitive),
  /// on the level with `ordinal` when one is given. No match is `.notFound`; several names are
  /// `.ambiguous`, listing them.
  public func unit(named text: String, ordinal: Int? = nil) throws(FingerpostError) -> UnitRef {
    if let ref = unitRef(id: text) { return ref }
    let wanted = text.lowercased()
    var matches: [UnitRef] = []
    for (p, plan) in plans.enumerated() where ordinal == nil || plan.ordinal == ordinal {
      for (u, unit) in plan.units.enumerated()
      where unit.names.contains(where: { $0.lowercased() == wanted }) {
        matches.append(UnitRef(floor: FloorID(p), unit: u))
      }
    }
    guard let first = matches.first else {
      throw FingerpostError(
        .notFound,
        "no unit is named or has the id '\(text)'" + (ordinal.map { " on ordinal \($0)" } ?? ""))
    }
    guard matches.count == 1 else {
      let listed = matches.prefix(8).map { "\(unit($0).id) (ordinal \(self[$0.floor].ordinal))" }
      throw FingerpostError(
        .ambiguous,
        "'\(text)' names \(matches.count) units: \(listed.joined(separator: ", ")); "
          + "give an id or an ordinal")
    }
    return first
  }
}
