import FingerpostCore
import Geometry

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

extension FloorPlanSet {
  /// `truth` with the unit each sample stands in filled in where it names none: the unit at its
  /// position on the floor of its ordinal (the walkway of an open level counts), as a simulated
  /// walk's truth has. `frame` is the frame of the positions when it is not the venue's.
  public func labellingUnits(_ truth: [TruthSample], frame: LocalFrame? = nil) -> [TruthSample] {
    truth.map { sample in
      guard sample.unitID == nil else { return sample }
      let point = frame.map { self.frame.point(sample.position, from: $0) } ?? sample.position
      guard let floor = self.floor(atOrdinal: sample.ordinal, containing: point) else {
        return sample
      }
      var labelled = sample
      labelled.unitID = self[floor].unit(at: point)?.id
      return labelled
    }
  }
}
