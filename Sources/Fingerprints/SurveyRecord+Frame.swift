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
}
