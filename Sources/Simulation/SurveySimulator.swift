import Fingerprints
import FloorPlans
import Geometry
import Radio
import Randomness
import WiFi

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
  public func run(seed: UInt64, venueName: String?) throws(RandomnessError) -> SurveyFile {
    let root = try RandomGenerator(seed: seed)
    let device = Device(
      name: "surveyor", offset: root.gaussian(sigma: world.model.deviceOffsetSigma))
    let scanner = ScanSimulator(world: world, device: device, generator: try root.split(stream: 1))
    let router = Router(world.plans)
    let interval = world.model.scanInterval
    var records: [SurveyRecord] = []
    var time = 0.0
    for p in world.plans.plans.indices {
      let plan = world.plans.plans[p]
      scanner.reset()  // a new floor: nothing carried over from the stairwell
      for stop in CoveragePath(plan: p, in: world.plans, router: router, spacing: spacing).stops {
        time += stop.walked / walkingSpeed
        for _ in 0..<scansPerStop {
          time += interval
          let scan = scanner.scan(at: stop.point, plan: p, time: (time * 1000).rounded() / 1000)
          records.append(
            SurveyRecord(
              scan: scan, ordinal: plan.ordinal, levelID: plan.levelID,
              building: plan.buildingIDs.first,
              position: stop.point))
        }
      }
    }
    let header = SurveyHeader(
      venue: venueName, origin: world.plans.frame.origin,
      source: "fingerpost survey simulate --spacing \(spacing) --seed \(seed)")
    return SurveyFile(header: header, records: records)
  }
}
