import FingerpostCore
import Fingerprints
import FloorPlans
import Geometry
import Radio
import Randomness

extension SurveySimulator {
  /// A place and time a survey scanned: the floor, the point (venue frame, metres), seconds.
  public typealias Stop = (floor: FloorID, point: Point, time: Double)

  /// One scan at each of `stops`, in order, by one device (its offset drawn from `seed`), as a
  /// survey walking through them would scan: an AP heard in the scan before may be reported
  /// stale, unless the stop is more than 10 s after the one before (or before it), where another
  /// walk starts (each AP's slow fading drawn afresh).
  public func scans(at stops: [Stop], seed: UInt64, venueName: String?, source: String)
    throws(RandomnessError) -> SurveyFile
  {
    let root = try RandomGenerator(seed: seed)
    let device = Device(name: "tester", offset: root.gaussian(sigma: world.model.deviceOffsetSigma))
    let scanner = ScanSimulator(world: world, device: device, generator: try root.split(stream: 1))
    var records: [SurveyRecord] = []
    records.reserveCapacity(stops.count)
    var previous: Double?
    for stop in stops {
      if let previous, !(0...10).contains(stop.time - previous) { scanner.startWalk() }
      previous = stop.time
      let plan = world.plans[stop.floor]
      let scan = try scanner.scan(at: stop.point, floor: stop.floor, time: stop.time)
      records.append(
        SurveyRecord(
          scan: scan, ordinal: plan.ordinal, levelID: plan.levelID,
          building: plan.buildingIDs.first, position: stop.point))
    }
    let header = SurveyHeader(venue: venueName, origin: world.plans.frame.origin, source: source)
    return SurveyFile(header: header, records: records)
  }
}
