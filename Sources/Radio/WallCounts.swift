import FloorPlans
import Geometry

/// The light and heavy walls crossed by the straight line from a radio to every node of a
/// grid, each line tested exactly (`Segment.intersects`, as `FloorPlan.wallsCrossed` does).
///
/// Instead of casting one ray per node through the wall index, each wall visits the nodes in
/// its shadow: the region behind it as seen from the radio (the cone from the radio through the
/// wall's ends, beyond the wall's line), row by row, with every node within one spacing of the
/// shadow tested exactly. The work is the number of crossings plus a few nodes per row and wall.
struct WallCounts {
  /// Light walls crossed per node, row-major.
  var light: [UInt16]
  /// Heavy walls crossed per node, row-major.
  var heavy: [UInt16]

  /// Counts the walls of `plan` (heavy where `isHeavy[wall]`) between `source` and each node
  /// of `grid`.
  init(from source: Point, plan: FloorPlan, isHeavy: [Bool], grid: FieldGrid) {
    light = Array(repeating: 0, count: grid.count)
    heavy = Array(repeating: 0, count: grid.count)
    for (w, wall) in plan.walls.enumerated() {
      let heavyWall = isHeavy[w]
      Self.forEachNode(behind: wall, from: source, grid: grid) { i in
        if heavyWall { heavy[i] += 1 } else { light[i] += 1 }
      }
    }
  }

  /// A half-plane `normal · (p − point) ≥ 0` (`normal` of unit length).
  struct HalfPlane {
    var normal: Point
    var point: Point

    /// The half-plane left of the direction `d` through `point` (`sign` −1: right of it).
    init(leftOf d: Point, through point: Point, sign: Double = 1) {
      let n = Point(x: -d.y, y: d.x)
      normal = n * (sign / n.length)
      self.point = point
    }

    /// Narrows `range` to the x where row `y` lies in the half-plane widened by `margin` metres.
    func clip(_ range: inout ClosedRange<Double>?, y: Double, margin: Double) {
      guard let r = range else { return }
      // normal.x · (x − point.x) + normal.y · (y − point.y) ≥ −margin
      let rest = normal.y * (y - point.y) + margin
      if normal.x == 0 {
        if rest < 0 { range = nil }
        return
      }
      let bound = point.x - rest / normal.x
      let (low, high) =
        normal.x > 0
        ? (max(r.lowerBound, bound), r.upperBound)
        : (r.lowerBound, min(r.upperBound, bound))
      range = low <= high ? low...high : nil
    }
  }

  /// Calls `body` with the index of every node whose line from `source` touches or crosses
  /// `wall`.
  static func forEachNode(
    behind wall: Segment, from source: Point, grid: FieldGrid, _ body: (Int) -> Void
  ) {
    // A radio on a wall touches it from every node.
    if wall.intersects(Segment(source, source)) {
      for i in 0..<grid.count { body(i) }
      return
    }
    let toA = wall.a - source
    let toB = wall.b - source
    let turn = toA.cross(toB)
    var sides: [HalfPlane]
    if turn == 0 {
      // The radio on the wall's line: the shadow is the line beyond the nearer end.
      let near = toA.length < toB.length ? wall.a : wall.b
      let away = near - source
      sides = [
        HalfPlane(leftOf: toA, through: source), HalfPlane(leftOf: toA, through: source, sign: -1),
        // Beyond `near`, away from the radio: the normal is `away`.
        HalfPlane(leftOf: Point(x: away.y, y: -away.x), through: near),
      ]
    } else {
      let sign: Double = turn > 0 ? 1 : -1
      let side = Segment.orientation(wall.a, wall.b, source) > 0 ? -1.0 : 1.0
      sides = [
        HalfPlane(leftOf: toA, through: source, sign: sign),
        HalfPlane(leftOf: toB, through: source, sign: -sign),
        HalfPlane(leftOf: wall.b - wall.a, through: wall.a, sign: side),
      ]
    }
    let s = grid.spacing
    let xs = grid.origin.x...(grid.origin.x + Double(grid.columns - 1) * s)
    for r in 0..<grid.rows {
      let y = grid.origin.y + Double(r) * s
      var range: ClosedRange<Double>? = xs
      for half in sides { half.clip(&range, y: y, margin: s) }
      guard let span = range else { continue }
      let c0 = max(Int(((span.lowerBound - grid.origin.x) / s).rounded(.down)), 0)
      let c1 = min(Int(((span.upperBound - grid.origin.x) / s).rounded(.up)), grid.columns - 1)
      guard c0 <= c1 else { continue }
      for c in c0...c1 {
        let node = Point(x: grid.origin.x + Double(c) * s, y: y)
        if wall.intersects(Segment(source, node)) { body(r * grid.columns + c) }
      }
    }
  }
}
