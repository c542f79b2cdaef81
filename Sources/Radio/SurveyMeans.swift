import FloorPlans
import Geometry

/// A survey's readings pooled per floor plan, AP and square cell: what a world conditioned on
/// the survey keeps of it (`World(…, survey:)`).
public struct SurveyMeans: Sendable {
  /// One AP's readings in one cell.
  public struct Cell: Sendable, Hashable {
    /// The mean position of the scans that heard it there, venue frame (metres).
    public var point: Point
    /// The mean reading, dBm.
    public var rssi: Double
    /// Readings averaged.
    public var readings: Int
  }

  /// One surveyed scan: its floor, position and readings (index of the world's AP, dBm).
  public struct Scan: Sendable {
    /// The floor.
    public var floor: FloorID
    /// Where, venue frame (metres).
    public var point: Point
    /// The APs heard: index into the world's `accessPoints`, and dBm.
    public var readings: [(accessPoint: Int, rssi: Double)]

    /// Creates a scan.
    public init(floor: FloorID, point: Point, readings: [(accessPoint: Int, rssi: Double)]) {
      (self.floor, self.point, self.readings) = (floor, point, readings)
    }
  }

  /// The cells' side, metres.
  public let side: Double
  /// Per plan index, each AP's cells.
  private let byPlan: [[Int: [Cell]]]

  /// Pools `scans` on a venue of `plans` floor plans into cells of `side` metres.
  public init(plans: Int, scans: [Scan], side: Double = 1) {
    struct Key: Hashable { var accessPoint: Int, x: Int, y: Int }
    var sums = [[Key: (x: Double, y: Double, rssi: Double, n: Int)]](
      repeating: [:], count: plans)
    for scan in scans where (0..<plans).contains(scan.floor.index) {
      let x = Int((scan.point.x / side).rounded(.down))
      let y = Int((scan.point.y / side).rounded(.down))
      for reading in scan.readings {
        let key = Key(accessPoint: reading.accessPoint, x: x, y: y)
        var sum = sums[scan.floor.index][key] ?? (0, 0, 0, 0)
        sum = (sum.x + scan.point.x, sum.y + scan.point.y, sum.rssi + reading.rssi, sum.n + 1)
        sums[scan.floor.index][key] = sum
      }
    }
    byPlan = sums.map { plan in
      var cells: [Int: [Cell]] = [:]
      for key in plan.keys.sorted(by: {
        ($0.accessPoint, $0.y, $0.x) < ($1.accessPoint, $1.y, $1.x)
      }) {
        let sum = plan[key]!
        let n = Double(sum.n)
        cells[key.accessPoint, default: []].append(
          Cell(point: Point(x: sum.x / n, y: sum.y / n), rssi: sum.rssi / n, readings: sum.n))
      }
      return cells
    }
    self.side = side
  }

  /// The cells where the survey heard AP `accessPoint` on plan `plan` (an index).
  public func cells(plan: Int, accessPoint: Int) -> [Cell] {
    byPlan.indices.contains(plan) ? byPlan[plan][accessPoint] ?? [] : []
  }

  /// Cells over every plan and AP.
  public var count: Int { byPlan.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } } }
}
