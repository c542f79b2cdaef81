import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Motion

/// The ground truth of a walk: where the walker is at every instant, and the steps they take.
///
/// Built from stops routed through the floor plans. Between stops the walker walks at the stop's
/// speed; level changes go through connectors at their own pace (stairs are walked, escalators
/// and elevators are ridden, an elevator adds a wait); at a stop the walker stands for its dwell.
public struct TrueWalk: Sendable {
  /// One place the walker goes to.
  public struct Stop: Sendable, Hashable {
    /// The plan and point.
    public var place: Route.Waypoint
    /// Seconds spent standing there.
    public var dwell: Double
    /// Walking speed towards it, m/s.
    public var speed: Double

    /// Creates a stop.
    public init(place: Route.Waypoint, dwell: Double = 0, speed: Double = 1.3) {
      self.place = place
      self.dwell = dwell
      self.speed = speed
    }
  }

  /// How long level changes take.
  public struct Pace: Sendable, Hashable {
    /// Seconds to walk one floor of stairs.
    public var stairsPerFloor = 15.0
    /// Seconds to ride one floor of escalator.
    public var escalatorPerFloor = 20.0
    /// Seconds waiting for an elevator.
    public var elevatorWait = 12.0
    /// Seconds an elevator takes per floor.
    public var elevatorPerFloor = 4.0
    /// Seconds to walk one floor of ramp.
    public var rampPerFloor = 25.0
    /// Steps a second when walking.
    public var cadence = 1.8

    /// Typical paces.
    public init() {}
  }

  /// What the walker is doing during a piece of the walk.
  public enum Activity: String, Sendable, Hashable {
    case walking, standing, stairs, escalator, elevator, ramp
    /// Waiting for an elevator in its car, on the floor of departure.
    case waiting
    /// A zero-length jump: the walker is carried elsewhere (a kidnap) without walking.
    case teleport
  }

  /// A straight piece of the walk, at constant velocity, on one plan or between two.
  public struct Leg: Sendable, Hashable {
    public let start: Double
    public let end: Double
    public let from: Route.Waypoint
    public let to: Route.Waypoint
    public let activity: Activity
  }

  /// One truth sample.
  public struct Sample: Sendable, Hashable {
    public let t: Double
    /// The floor the walker is on.
    public let floor: FloorID
    public let point: Point
    /// Heading in degrees clockwise from north (of the current leg, or the last moving one).
    public let heading: Double
    public let activity: Activity
  }

  /// The legs in time order.
  public let legs: [Leg]
  /// The pace used.
  public let pace: Pace

  /// Routes the walk from `start` through `stops`; throws when a stop cannot be reached. With a
  /// `kidnap`, the walker is carried at that time to that place and walks on from there to the
  /// stops not yet reached.
  public init(
    start: Route.Waypoint, stops: [Stop], router: Router, pace: Pace = Pace(),
    kidnap: (time: Double, place: Route.Waypoint)? = nil
  ) throws(Router.Failure) {
    self.pace = pace
    let plain = try Self.legs(start: start, stops: stops, router: router, pace: pace)
    guard let kidnap, let cut = plain.legs.firstIndex(where: { $0.end > kidnap.time }) else {
      legs = plain.legs
      return
    }
    // Keep the walk up to the kidnap, jump, then route from there to the remaining stops.
    var legs = Array(plain.legs[..<cut])
    let leg = plain.legs[cut]
    let f = leg.end > leg.start ? max(0, (kidnap.time - leg.start) / (leg.end - leg.start)) : 0
    let taken = Route.Waypoint(
      floor: f < 0.5 ? leg.from.floor : leg.to.floor,
      point: leg.from.point.interpolated(to: leg.to.point, at: f))
    if kidnap.time > leg.start {
      legs.append(
        Leg(start: leg.start, end: kidnap.time, from: leg.from, to: taken, activity: leg.activity))
    }
    legs.append(
      Leg(start: kidnap.time, end: kidnap.time, from: taken, to: kidnap.place, activity: .teleport))
    let remaining = Array(stops[plain.stopOfLeg[cut]...])
    let rest = try Self.legs(start: kidnap.place, stops: remaining, router: router, pace: pace)
    legs += rest.legs.map {
      Leg(
        start: $0.start + kidnap.time, end: $0.end + kidnap.time, from: $0.from, to: $0.to,
        activity: $0.activity)
    }
    self.legs = legs
  }

  /// The legs of a walk from `start` through `stops`, and for each leg the index of the stop it
  /// leads to.
  static func legs(start: Route.Waypoint, stops: [Stop], router: Router, pace: Pace) throws(Router
    .Failure)
    -> (legs: [Leg], stopOfLeg: [Int])
  {
    var legs: [Leg] = []
    var stopOfLeg: [Int] = []
    var here = start
    var t = 0.0
    for (index, stop) in stops.enumerated() {
      defer { stopOfLeg += Array(repeating: index, count: legs.count - stopOfLeg.count) }
      let route = try router.route(from: here, to: stop.place)
      var changes = route.levelChanges.makeIterator()
      var riding = false  // in an elevator already: no second wait between floors
      for (a, b) in zip(route.waypoints, route.waypoints.dropFirst()) where a != b {
        if a.floor == b.floor {
          riding = false
          let duration = a.point.distance(to: b.point) / max(stop.speed, 0.1)
          legs.append(Leg(start: t, end: t + duration, from: a, to: b, activity: .walking))
          t += duration
        } else {
          let kind = changes.next()?.kind ?? .stairs
          let floors = Double(
            max(abs(router.set[a.floor].ordinal - router.set[b.floor].ordinal), 1))
          if kind == .elevator, !riding, pace.elevatorWait > 0 {
            // The wait is spent standing in the car on the floor of departure.
            legs.append(
              Leg(start: t, end: t + pace.elevatorWait, from: a, to: a, activity: .waiting))
            t += pace.elevatorWait
          }
          let (activity, duration): (Activity, Double) =
            switch kind {
            case .stairs: (.stairs, pace.stairsPerFloor * floors)
            case .escalator: (.escalator, pace.escalatorPerFloor * floors)
            case .elevator: (.elevator, pace.elevatorPerFloor * floors)
            case .ramp: (.ramp, pace.rampPerFloor * floors)
            }
          legs.append(Leg(start: t, end: t + duration, from: a, to: b, activity: activity))
          t += duration
          riding = kind == .elevator
        }
      }
      if stop.dwell > 0 {
        legs.append(
          Leg(start: t, end: t + stop.dwell, from: stop.place, to: stop.place, activity: .standing))
        t += stop.dwell
      }
      here = stop.place
    }
    return (legs, stopOfLeg)
  }

  /// When the walker arrives at each stop where it stands (seconds): the walk's checkpoints.
  public var arrivals: [Double] {
    legs.filter { $0.activity == .standing && $0.end > $0.start }.map(\.start)
  }

  /// The walk's length in seconds.
  public var duration: Double { legs.last?.end ?? 0 }

  /// Samples every `1 / rate` seconds from 0 to the end.
  public func samples(rate: Double = 10) -> [Sample] {
    let count = Int((duration * rate).rounded(.down))
    return (0...count).map { sample(at: Double($0) / rate) }
  }

  /// Where the walker is at time `t` (clamped to the walk).
  public func sample(at t: Double) -> Sample {
    guard !legs.isEmpty else {
      return Sample(t: t, floor: FloorID(0), point: .zero, heading: 0, activity: .standing)
    }
    // The leg holding t: the last one starting at or before it (a zero-length jump counts once passed).
    var k = legs.firstIndex { $0.end > t || ($0.end == t && $0.start == $0.end) } ?? legs.count - 1
    while k + 1 < legs.count, legs[k].start == legs[k].end, legs[k].end <= t { k += 1 }
    let leg = legs[k]
    let f = leg.end > leg.start ? min(max((t - leg.start) / (leg.end - leg.start), 0), 1) : 1
    let point = leg.from.point.interpolated(to: leg.to.point, at: f)
    // Between levels the walker is on the floor of departure for the first half of the ride.
    let floor = leg.from.floor == leg.to.floor || f < 0.5 ? leg.from.floor : leg.to.floor
    // Heading of the last leg that moved, up to this one.
    var heading = 0.0
    for j in stride(from: k, through: 0, by: -1) where legs[j].activity != .teleport {
      let d = legs[j].to.point - legs[j].from.point
      if d.length > 0.01 {
        heading = Self.heading(of: d)
        break
      }
    }
    return Sample(t: t, floor: floor, point: point, heading: heading, activity: leg.activity)
  }

  /// The true steps: at the pace's cadence while walking, on stairs and ramps; none while
  /// standing or riding an escalator or elevator.
  public func steps() -> [Step] {
    var steps: [Step] = []
    for leg in legs where [.walking, .stairs, .ramp].contains(leg.activity) {
      let seconds = leg.end - leg.start
      let count = Int((seconds * pace.cadence).rounded())
      guard count > 0 else { continue }
      let d = leg.to.point - leg.from.point
      let length = d.length / Double(count)
      let heading = Self.heading(of: d)
      for s in 0..<count {
        steps.append(
          Step(
            t: leg.start + (Double(s) + 0.5) * seconds / Double(count), length: length,
            heading: heading))
      }
    }
    return steps
  }

  /// Degrees clockwise from north of a direction.
  static func heading(of d: Point) -> Double {
    let degrees = atan2(d.x, d.y) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }
}
