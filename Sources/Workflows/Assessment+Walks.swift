import FingerpostCore
import FloorPlans
import Foundation
import Randomness
import Simulation

extension Assessment {
  /// The units a random walk stops in: walkable, not a connector (stairs, lifts), and large
  /// enough to stand in (at least 4 m²).
  static func destinations(in plans: FloorPlanSet) -> [UnitRef] {
    plans.floors.flatMap { floor in
      plans[floor].units.indices.filter { u in
        let unit = plans[floor].units[u]
        return unit.kind.isWalkable && unit.kind.connector == nil && unit.area >= 4
      }.map { UnitRef(floor: floor, unit: $0) }
    }
  }

  /// The destinations random walks stop in, in the venue's order: those in a group of units
  /// that can be walked between large enough for a walk's stops (a building of a campus is
  /// one); and the rest, which no door, portal or connector joins to enough others.
  func connectedDestinations(
    in plans: FloorPlanSet, router: Router
  ) -> (walked: [UnitRef], cutOff: [UnitRef]) {
    let all = Self.destinations(in: plans)
    let groups = router.graph.connectedGroups(of: all)
    let enough = max(2, stopsPerWalk + 1)
    let cutOff = Set(groups.filter { $0.count < enough }.flatMap { $0 })
    return (all.filter { !cutOff.contains($0) }, all.filter { cutOff.contains($0) })
  }

  /// `walks` random walks, then `kidnaps` more, reproducible from `seed`: each starts in a
  /// random destination and stops in `stopsPerWalk` others anywhere in the venue (floor changes
  /// through its own connectors), dwelling 5–30 s, at 1.0–1.5 m/s; the filter is not told the
  /// start. In the kidnap walks the walker is carried, 30–60 s in, to another random
  /// destination and walks on from there, and dwells 60 s at the last stop, so that there is
  /// time to recover. Walks stop only in units joined to enough others for a walk
  /// (`connectedDestinations`); a walk whose stops cannot be reached from each other is drawn
  /// again.
  public func randomWalks(
    plans: FloorPlanSet, router: Router? = nil
  ) throws(FingerpostError) -> [Scenario] {
    guard walks + kidnaps > 0 else { return [] }
    let router = router ?? Router(plans)
    let places = connectedDestinations(in: plans, router: router).walked
    guard places.count >= 2 else {
      throw FingerpostError(
        .noData, file: venuePath,
        "has fewer than two walkable units connected to each other to walk between")
    }
    let generator: RandomGenerator
    do {
      generator = try RandomGenerator(seed: seed &+ 0x5EED)
    } catch {
      throw FingerpostError(.invalidValue, field: "seed", "\(error)")
    }
    func draw() -> UnitRef { places[(try? generator.uniformInt(below: places.count)) ?? 0] }
    /// A random destination other than `from` with a route from it (nil after 50 tries).
    func draw(reachableFrom from: UnitRef) -> UnitRef? {
      for _ in 0..<50 {
        let next = draw()
        if next != from, (try? router.route(from: from, to: next)) != nil { return next }
      }
      return nil
    }
    var scenarios: [Scenario] = []
    var starts = 0
    let total = walks + kidnaps
    while scenarios.count < total {
      // A start from which nothing can be reached (a unit without doors) is drawn again.
      starts += 1
      guard starts <= total * 10 else {
        throw FingerpostError(
          .noData, file: venuePath,
          "\(scenarios.count) of \(total) random walks found a route between their stops; "
            + "the venue's units are not connected (openings, connectors)")
      }
      var stops = [draw()]
      while stops.count <= stopsPerWalk, let next = draw(reachableFrom: stops.last!) {
        stops.append(next)
      }
      guard stops.count > stopsPerWalk else { continue }
      var dwell = stops.dropFirst().map { _ in generator.uniform(5, 30) }
      let speed = generator.uniform(1.0, 1.5)
      var kidnap: (at: Double, to: UnitRef)?
      if scenarios.count >= walks {
        // Carried off to a place from which the rest of the walk can be walked.
        guard let to = draw(reachableFrom: stops[1]) else { continue }
        kidnap = (generator.uniform(30, 60), to)
        dwell[dwell.count - 1] = 60
      }
      scenarios.append(
        try scenario(
          plans: plans, stops: stops, dwell: dwell, speed: speed, kidnap: kidnap,
          seed: seed &+ UInt64(scenarios.count) &* 7919))
    }
    return scenarios
  }

  /// The scenario of one random walk (read from YAML text, as a user's file would be).
  func scenario(
    plans: FloorPlanSet, stops: [UnitRef], dwell: [Double], speed: Double,
    kidnap: (at: Double, to: UnitRef)? = nil, seed: UInt64
  ) throws(FingerpostError) -> Scenario {
    func place(_ ref: UnitRef) -> String {
      "unit: \"\(plans.unit(ref).id)\", ordinal: \(plans[ref.floor].ordinal)"
    }
    let lines = zip(stops.dropFirst(), dwell).map { stop, seconds in
      "    - { \(place(stop)), dwell: \(seconds.formatted(decimals: 1)) }"
    }
    return try scenario(
      start: place(stops[0]), stops: lines, speed: speed,
      events: kidnap.map {
        "events:\n  - { at: \($0.at.formatted(decimals: 1)), type: kidnap, to: { \(place($0.to)) } }"
      } ?? "", seed: seed)
  }

  /// The scenario of a walk from `start` (a place in the scenario format) through `stops` (the
  /// lines of its stops), at `speed` unless a stop says, with `events` (a YAML block or "").
  func scenario(
    start: String, stops: [String], speed: Double, events: String = "", seed: UInt64
  ) throws(FingerpostError) -> Scenario {
    let venue = URL(fileURLWithPath: venuePath).standardizedFileURL.path
    let text = """
      version: 1
      name: assessment walk
      venue: "\(venue)"
      world: "\(venue)"
      radio_map: { map: "assessment.fpmap" }
      walker:
        start: { \(start) }
        speed: \(speed.formatted(decimals: 2))
        stops:
      \(stops.joined(separator: "\n"))
      \(events)
      localizer: { particles: \(particles), known_start: false }
      seed: \(seed)

      """
    var scenario = try Scenario(text: text, url: URL(fileURLWithPath: "assessment.yaml"))
    if let phone {
      scenario.device = phone.device
      scenario.deviceOffsetGiven = phone.offsetGiven
      scenario.deadReckoning = phone.deadReckoning
    }
    return scenario
  }
}
