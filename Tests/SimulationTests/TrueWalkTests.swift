import FloorPlans
import Geometry
import IMDF
import Motion
import Simulation
import TestSupport
import Testing

@Suite struct TrueWalkTests {
  static let office = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office")))
  static let mall = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("mall")))

  func place(_ set: FloorPlanSet, _ name: String, ordinal: Int) -> Route.Waypoint {
    let p = set.plans.firstIndex { $0.ordinal == ordinal }!
    let unit = set.plans[p].units.first { $0.name == name }!
    return Route.Waypoint(floor: FloorID(p), point: unit.anchorPoint)
  }

  @Test func officeWalkClimbsTwoFloorsAndStopsWhereAsked() throws {
    let set = Self.office
    let start = place(set, "Room 0.01", ordinal: 0)
    let walk = try TrueWalk(
      start: start,
      stops: [
        TrueWalk.Stop(place: place(set, "Room 2.52", ordinal: 2), dwell: 10),
        TrueWalk.Stop(place: place(set, "Reception", ordinal: 0), dwell: 5, speed: 1.0),
      ],
      router: Router(set))
    let samples = walk.samples(rate: 10)
    #expect(samples.first?.point == start.point)
    #expect(samples.last?.point == place(set, "Reception", ordinal: 0).point)
    #expect(zip(samples, samples.dropFirst()).allSatisfy { abs($1.t - $0.t - 0.1) < 1e-9 })
    let ordinals = samples.map { set[$0.floor].ordinal }
    #expect(Set(ordinals) == [0, 1, 2])
    // Up two floors by stairs; down two by the elevator (the shorter walk), one wait a ride.
    #expect(walk.legs.filter { $0.activity == .stairs }.count == 2)
    let ride = walk.legs.filter { $0.activity == .elevator }
    #expect(ride.count == 2)
    #expect(abs(ride.reduce(0) { $0 + $1.end - $1.start } - 2 * 4) < 1e-9)
    // The 12 s wait is spent standing in the car on the floor of departure.
    let first = try #require(walk.legs.firstIndex { $0.activity == .elevator })
    let wait = walk.legs[first - 1]
    #expect(wait.activity == .waiting && abs(wait.end - wait.start - 12) < 1e-9)
    // Checkpoints: arrival at the two stops (10 s and 5 s dwells), not the elevator wait.
    #expect(walk.arrivals.count == 2 && !walk.arrivals.contains(wait.start))
    #expect(wait.from == wait.to && wait.from.floor == walk.legs[first].from.floor)
    // Never through a wall: consecutive samples on one plan, while walking.
    for (a, b) in zip(samples, samples.dropFirst())
    where a.floor == b.floor && a.activity == .walking {
      #expect(!set[a.floor].crossesWall(Segment(a.point, b.point)), "at t = \(a.t)")
    }
    // Standing still at the stops: 15 s without steps.
    let steps = walk.steps()
    for leg in walk.legs where leg.activity == .standing {
      #expect(!steps.contains { $0.t > leg.start && $0.t < leg.end })
    }
    let moving = walk.legs.filter { [.walking, .stairs].contains($0.activity) }.reduce(0) {
      $0 + $1.end - $1.start
    }
    #expect(abs(Double(steps.count) - moving * 1.8) < Double(walk.legs.count))
    // The steps add up to the horizontal distance walked.
    let walked = walk.legs.filter { $0.activity != .standing && $0.activity != .waiting }.reduce(0)
    {
      $0 + $1.from.point.distance(to: $1.to.point)
    }
    #expect(abs(steps.reduce(0) { $0 + $1.length } - walked) < 1)
  }

  @Test func escalatorRidesHaveNoSteps() throws {
    let set = Self.mall
    let walk = try TrueWalk(
      start: place(set, "Shop G.01", ordinal: 0),
      stops: [TrueWalk.Stop(place: place(set, "Shop 1.07", ordinal: 1))], router: Router(set))
    let ride = try #require(
      walk.legs.first { $0.activity == .escalator || $0.activity == .elevator })
    #expect(!walk.steps().contains { $0.t > ride.start && $0.t < ride.end })
    #expect(ride.end - ride.start >= 12)
  }

  @Test func aKidnapCarriesTheWalkerAndTheWalkGoesOn() throws {
    let set = Self.office
    let stops = [
      TrueWalk.Stop(place: place(set, "Room 0.06", ordinal: 0), dwell: 5),
      TrueWalk.Stop(place: place(set, "Room 0.21", ordinal: 0), dwell: 5),
    ]
    let target = place(set, "Room 1.60", ordinal: 1)
    let walk = try TrueWalk(
      start: place(set, "Room 0.01", ordinal: 0), stops: stops, router: Router(set),
      kidnap: (20, target))
    let jump = try #require(walk.legs.first { $0.activity == .teleport })
    #expect(jump.start == 20 && jump.end == 20 && jump.to == target)
    let samples = walk.samples(rate: 10)
    let after = try #require(samples.first { $0.t > 20 })
    #expect(after.point.distance(to: target.point) < 1.5 && after.floor == target.floor)
    // From there the walker still visits both stops: back down to the ground floor.
    #expect(samples.last?.point == stops[1].place.point)
    #expect(
      walk.legs.contains { $0.start > 20 && $0.activity == .standing && $0.to == stops[0].place })
  }

  @Test func unreachableStopsAreRefused() {
    let set = Self.mall
    let start = place(set, "Shop G.01", ordinal: 0)
    // The atrium of the upper level is open to below: no one can stand there.
    let void = Route.Waypoint(floor: FloorID(1), point: .zero)
    #expect(throws: Router.Failure.self) {
      try TrueWalk(start: start, stops: [TrueWalk.Stop(place: void)], router: Router(set))
    }
  }
}
