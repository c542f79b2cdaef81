extension Ring {
  /// The convex hull of `points`, counter-clockwise (Andrew's monotone chain); nil for fewer than
  /// three points not all on one line.
  public static func convexHull(of points: [Point]) -> Ring? {
    let sorted = Set(points).sorted { ($0.x, $0.y) < ($1.x, $1.y) }
    guard sorted.count >= 3 else { return nil }
    func chain(_ points: some Sequence<Point>) -> [Point] {
      var out: [Point] = []
      for p in points {
        while out.count >= 2,
          (out[out.count - 1] - out[out.count - 2]).cross(p - out[out.count - 2]) <= 0
        {
          out.removeLast()
        }
        out.append(p)
      }
      return out
    }
    let lower = chain(sorted)
    let upper = chain(sorted.reversed())
    let hull = Array(lower.dropLast()) + Array(upper.dropLast())
    return hull.count >= 3 ? Ring(hull) : nil
  }
}
