import FingerpostCore
import Fingerprints
import FloorPlans
import Geometry
import Radio
import Randomness

/// Simulates a site survey: a surveyor walks the coverage path of every level and records
/// `scansPerStop` scans at each stop with a device of their own.
public struct SurveySimulator {
  /// The world surveyed.
  public let world: World
  /// Metres between stops.
  public var spacing: Double
  /// Scans recorded at each stop.
  public var scansPerStop: Int
  /// Walking speed between stops, m/s.
  public var walkingSpeed: Double

  /// Creates a survey simulator.
  public init(world: World, spacing: Double = 2, scansPerStop: Int = 2, walkingSpeed: Double = 1.2)
  {
    self.world = world
    self.spacing = spacing
    self.scansPerStop = scansPerStop
    self.walkingSpeed = walkingSpeed
  }

  /// The survey, reproducible from `seed`; the surveyor's device offset is drawn from the model.
  public func run(seed: UInt64, venueName: String?) throws(FingerpostError) -> SurveyFile {
    var records: [SurveyRecord] = []
    try run(seed: seed) { records.append($0) }
    return SurveyFile(header: header(seed: seed, venueName: venueName), records: records)
  }

  /// The header of the survey `run(seed:)` makes.
  public func header(seed: UInt64, venueName: String?) -> SurveyHeader {
    SurveyHeader(
      venue: venueName, origin: world.plans.frame.origin,
      source: "fingerpost survey simulate --spacing \(spacing) --seed \(seed)")
  }

  /// The survey record by record, each handed to `emit` as soon as it is made (none is kept).
  public func run(seed: UInt64, emit: (SurveyRecord) throws(FingerpostError) -> Void)
    throws(FingerpostError)
  {
    let root: RandomGenerator
    let scanner: ScanSimulator
    do {
      root = try RandomGenerator(seed: seed)
      let device = Device(
        name: "surveyor", offset: root.gaussian(sigma: world.model.deviceOffsetSigma))
      scanner = ScanSimulator(world: world, device: device, generator: try root.split(stream: 1))
    } catch {
      throw FingerpostError(.invalidValue, field: "seed", "\(error)")
    }
    let router = Router(world.plans)
    let interval = world.model.scanInterval
    var time = 0.0
    for p in world.plans.plans.indices {
      let plan = world.plans.plans[p]
      scanner.reset()  // a new floor: nothing carried over from the stairwell
      for stop in CoveragePath(plan: p, in: world.plans, router: router, spacing: spacing).stops {
        time += stop.walked / walkingSpeed
        for _ in 0..<scansPerStop {
          time += interval
          let scan: Scan
          do {
            scan = try scanner.scan(
              at: stop.point, floor: FloorID(p), time: (time * 1000).rounded() / 1000)
          } catch {
            throw FingerpostError(.invalidValue, field: "seed", "\(error)")
          }
          try emit(
            SurveyRecord(
              scan: scan, ordinal: plan.ordinal, levelID: plan.levelID,
              building: plan.buildingIDs.first,
              position: stop.point))
        }
      }
    }
  }

  /// Single scans at `count` random walkable points (uniform over the walkable area of every
  /// level), each by a fresh scan (nothing stale), with a device offset drawn from the model:
  /// a test set for single-scan positioning.
  public func randomPoints(_ count: Int, seed: UInt64, venueName: String?) throws(RandomnessError)
    -> SurveyFile
  {
    let root = try RandomGenerator(seed: seed)
    let device = Device(name: "tester", offset: root.gaussian(sigma: world.model.deviceOffsetSigma))
    let scanner = ScanSimulator(world: world, device: device, generator: try root.split(stream: 1))
    let plans = world.plans.plans
    let areas = plans.map(\.walkableArea)
    let total = areas.reduce(0, +)
    var records: [SurveyRecord] = []
    guard total > 0 else { return SurveyFile(records: []) }
    while records.count < count {
      var pick = root.uniform() * total
      let p =
        areas.indices.first {
          pick -= areas[$0]
          return pick < 0
        } ?? areas.count - 1
      guard let box = plans[p].walkableBounds else { continue }
      let point = Point(
        x: root.uniform(box.min.x, box.max.x), y: root.uniform(box.min.y, box.max.y))
      guard plans[p].isWalkable(point) else { continue }
      scanner.reset()
      let scan = try scanner.scan(
        at: point, floor: FloorID(p), time: Double(records.count) * world.model.scanInterval)
      records.append(
        SurveyRecord(
          scan: scan, ordinal: plans[p].ordinal, levelID: plans[p].levelID,
          building: plans[p].buildingIDs.first,
          position: point))
    }
    let header = SurveyHeader(
      venue: venueName, origin: world.plans.frame.origin,
      source: "fingerpost survey simulate --random-points \(count) --seed \(seed)")
    return SurveyFile(header: header, records: records)
  }
}
