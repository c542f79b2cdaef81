import FloorPlans
import Geometry

extension SurveyRecord {
  /// The record's position in the `target` frame (metres): its x/y, which are in its survey's
  /// frame `surveyFrame`, carried over when the two frames differ; or its lon/lat projected.
  /// `nil` when it has neither, or lon/lat with no frame to project into.
  public func point(in target: LocalFrame?, surveyFrame: LocalFrame?) -> Point? {
    if let position {
      guard let target, let surveyFrame else { return position }
      return target.point(position, from: surveyFrame)
    }
    guard let coordinate, let frame = target ?? surveyFrame else { return nil }
    return frame.point(for: coordinate)
  }

  /// The floor of `plans` the record names: its IMDF level, else its ordinal (with its
  /// building when ordinals repeat); `nil` when none or several match.
  public func floor(in plans: FloorPlanSet) -> FloorID? {
    if let id = levelID, let floor = plans.floor(levelID: id) { return floor }
    guard let ordinal else { return nil }
    let candidates = plans.floors(atOrdinal: ordinal).filter { floor in
      building.map { plans[floor].buildingIDs.contains($0) } ?? true
    }
    return candidates.count == 1 ? candidates[0] : nil
  }
}
