import ConfigFiles
import FingerpostCore
import FloorPlans
import Geometry
import IMDF
import Motion
import Radio
import Randomness

/// What a scenario's walk produced: the true path and what the phone recorded along it.
public struct SimulatedWalk: Sendable {
  /// The true path, sampled at any time.
  public let path: TrueWalk
  /// The phone's steps (with dead-reckoning error) and scans (events applied), the truth at the
  /// scenario's rate with the sample nearest each arrival at a stop a checkpoint, and the start.
  public let walk: Walk
  /// The device's RSSI offset used, dB.
  public let deviceOffset: Double
  /// BSSIDs switched off by events, with the time they went off.
  public let switchedOff: [(time: Double, bssids: Set<String>)]
  /// The WGS84 origin of the venue frame.
  public let origin: GeoCoordinate
}

extension Scenario {
  /// The plan and point of a place; unknown units and points outside walkable space are errors
  /// naming the file.
  public func resolve(_ place: Place, in plans: FloorPlanSet, line: Int? = nil)
    throws(FingerpostError)
    -> Route.Waypoint
  {
    func fail(_ message: String) -> FingerpostError {
      FingerpostError(
        .invalidValue, file: file.path, line: line, field: "walker", message)
    }
    switch place {
    case .unit(let name, let ordinal):
      let ref: UnitRef
      do {
        ref = try plans.unit(named: name, ordinal: ordinal)
      } catch {
        throw FingerpostError(
          error.kind, file: file.path, line: line, field: "walker", error.message)
      }
      guard plans.unit(ref).kind.isWalkable else {
        throw fail("unit \"\(name)\" is not walkable")
      }
      return Route.Waypoint(floor: ref.floor, point: plans.unit(ref).anchorPoint)
    case .point(let ordinal, let x, let y):
      let point = Point(x: x, y: y)
      guard
        let floor = plans.floors(atOrdinal: ordinal).first(where: { plans[$0].isWalkable(point) })
      else {
        throw fail("(\(x), \(y)) on ordinal \(ordinal) is not in walkable space")
      }
      return Route.Waypoint(floor: floor, point: point)
    }
  }

  /// Simulates the walk in `world`: truth, steps and scans, all from the scenario's seed.
  public func simulate(in world: World) throws -> SimulatedWalk {
    let plans = world.plans
    let router = Router(plans)
    let startPlace = try resolve(start, in: plans)
    let walkStops = try stops.map { stop throws(FingerpostError) in
      TrueWalk.Stop(
        place: try resolve(stop.place, in: plans, line: stop.line), dwell: stop.dwell,
        speed: stop.speed)
    }
    let kidnaps = events.compactMap { event -> (Double, Place)? in
      if case .kidnap(let at, let place) = event { return (at, place) }
      return nil
    }
    guard kidnaps.count <= 1 else {
      throw FingerpostError(
        .invalidValue, file: file.path, line: nil, field: "events", "at most one kidnap a scenario")
    }
    let kidnap = try kidnaps.first.map { k throws(FingerpostError) in
      (k.0, try resolve(k.1, in: plans))
    }
    let walk: TrueWalk
    do {
      walk = try TrueWalk(
        start: startPlace, stops: walkStops, router: router, pace: pace, kidnap: kidnap)
    } catch {
      throw FingerpostError(
        .unreachable, file: file.path, field: "walker", "the route cannot be walked: \(error)")
    }
    let root = try RandomGenerator(seed: seed)
    // Independent streams, so changing one part of a scenario leaves the others' noise alone.
    let offset =
      deviceOffsetGiven
      ? device.offset : try root.split(stream: 4).gaussian(sigma: world.model.deviceOffsetSigma)
    var phone = device
    phone.offset = offset
    // The sample nearest each arrival at a stop is a checkpoint.
    let arrivals = walk.arrivals.map { Int(($0 * truthRate).rounded()) }
    let truth = walk.samples(rate: truthRate).enumerated().map { k, sample in
      TruthSample(
        t: sample.t, ordinal: plans[sample.floor].ordinal, position: sample.point,
        unitID: plans[sample.floor].unit(at: sample.point)?.id, heading: sample.heading,
        checkpoint: arrivals.contains(k))
    }
    let reckoning = DeadReckoning(noise: deadReckoning, generator: try root.split(stream: 1))
    var steps: [Step] = []
    for step in walk.steps() { steps += try reckoning.observe(step) }
    let switchedOff = try switchedOffAccessPoints(
      world: world, generator: try root.split(stream: 3))
    let scanner = ScanSimulator(world: world, device: phone, generator: try root.split(stream: 2))
    let interval = phone.scanInterval ?? world.model.scanInterval
    var scans: [Scan] = []
    var t = interval
    while t <= walk.duration {
      defer { t += interval }
      if events.contains(where: {
        if case .blackout(let at, let d) = $0 { t >= at && t < at + d } else { false }
      }) {
        continue
      }
      let here = walk.sample(at: t)
      var scan = try scanner.scan(
        at: here.point, floor: here.floor, time: (t * 1000).rounded() / 1000)
      let off = switchedOff.filter { $0.time <= t }.reduce(into: Set<String>()) {
        $0.formUnion($1.bssids)
      }
      if !off.isEmpty { scan.readings.removeAll { off.contains($0.bssid) } }
      scans.append(scan)
    }
    var recorded = Walk(
      venueName: Venue.identity(ofArchiveAt: venue.path), venuePath: Walk.shortPath(venue.path),
      seed: seed, duration: walk.duration)
    recorded.steps = steps
    recorded.scans = scans
    recorded.truth = truth
    if let barometer {
      recorded.pressures = barometer.samples(
        duration: walk.duration, ordinal: { plans[walk.sample(at: $0).floor].ordinal },
        generator: try root.split(stream: 5))
    }
    recorded.start = startPlace
    recorded.startIsKnown = localizer.knownStart
    return SimulatedWalk(
      path: walk, walk: recorded, deviceOffset: offset, switchedOff: switchedOff,
      origin: plans.frame.origin)
  }

  /// The BSSIDs each `aps_off` event switches off: the listed ones plus a seeded share of all.
  func switchedOffAccessPoints(world: World, generator: RandomGenerator) throws -> [(
    time: Double, bssids: Set<String>
  )] {
    var result: [(time: Double, bssids: Set<String>)] = []
    for event in events {
      guard case .accessPointsOff(let at, let share, let listed) = event else { continue }
      var all = world.accessPoints.map(\.bssid)
      // A seeded Fisher–Yates shuffle, then the first share of them.
      for i in stride(from: all.count - 1, to: 0, by: -1) {
        all.swapAt(i, try generator.uniformInt(below: i + 1))
      }
      let chosen = Set(all.prefix(Int((Double(all.count) * share).rounded()))).union(listed)
      result.append((at, chosen))
    }
    return result
  }
}
