import FingerpostCore

// Finite is not enough: a time of 1e300 s or a position 1e15 m away passes `isFinite`, is
// stored, and then makes every number written after it unreadable or meaningless. Survey
// readers and the service refuse values outside what any venue or clock can have.

extension SurveyRecord {
  /// The largest |x| or |y| of a position, metres (Web Mercator spans ±2.0e7).
  public static let coordinateLimit = 1e8
  /// The largest |t| of a scan, seconds (Unix time until the year 2286).
  public static let timeLimit = 1e10

  /// What is out of range in the record (its time, position or coordinate), nil when nothing.
  public var rangeProblem: String? {
    guard abs(scan.time) <= Self.timeLimit else {
      return "time \"t\" out of range (|t| ≤ 1e10 s)"
    }
    if let p = position, !(abs(p.x) <= Self.coordinateLimit && abs(p.y) <= Self.coordinateLimit) {
      return "position out of range (|x|, |y| ≤ 1e8 m)"
    }
    if let c = coordinate, !(abs(c.longitude) <= 180 && abs(c.latitude) <= 90) {
      return "lon/lat out of range (±180°, ±90°)"
    }
    return nil
  }
}
