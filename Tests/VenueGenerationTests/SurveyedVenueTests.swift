import FloorPlans
import Foundation
import Geometry
import IMDF
import Testing

@testable import VenueGeneration

/// A venue known only from its survey: the area the survey spans per floor, open to walk, with
/// stairs where walkers changed floors.
@Suite struct SurveyedVenueTests {
  static let origin = GeoCoordinate(longitude: 11.11, latitude: 49.46)

  /// Floor 0 surveyed along an L (80 m east, then 30 m north), floor −2 along 20 m east, a
  /// walker going down at (2, 0) twice and once at (3, 1).
  static var venue: SurveyedVenue {
    let east = (0...80).map { Point(x: Double($0), y: 0) }
    let ground = east + (0...30).map { Point(x: 80, y: Double($0)) }
    let basement = (0...20).map { Point(x: Double($0), y: 0) }
    let tracks: [[(t: Double, ordinal: Int, point: Point)]] = [
      [(0, 0, Point(x: 1, y: 0)), (20, -2, Point(x: 3, y: 0)), (40, 0, Point(x: 1, y: 0))],
      [(0, 0, Point(x: 2, y: 1)), (25, -2, Point(x: 4, y: 1)), (200, 0, Point(x: 2, y: 1))],
    ]
    return SurveyedVenue(
      name: "site", origin: origin,
      floors: [
        SurveyedVenue.Floor(ordinal: 0, points: ground),
        SurveyedVenue.Floor(ordinal: -2, points: basement),
      ],
      passages: SurveyedVenue.passages(of: tracks))
  }

  @Test func passagesAreWhereTracksChangeFloorAndMerge() {
    let passages = SurveyedVenue.passages(of: [
      [(0, 0, Point(x: 1, y: 0)), (20, -2, Point(x: 3, y: 0)), (40, 0, Point(x: 1, y: 0))],
      [(0, 0, Point(x: 2, y: 1)), (25, -2, Point(x: 4, y: 1)), (200, 0, Point(x: 2, y: 1))],
    ])
    // The last change of the second track took 175 s: no passage (the walker went elsewhere).
    #expect(passages.count == 3)
    #expect(passages.allSatisfy { $0.lower == -2 && $0.upper == 0 })
    let merged = Self.venue.mergedPassages
    #expect(merged.count == 1)
    #expect(merged[0].point.distance(to: Point(x: 2.33, y: 0.33)) < 0.01, "\(merged)")
  }

  @Test func theSurveysAreaIsWalkableAndTheStairsJoinTheFloors() throws {
    let (builder, _) = Self.venue.outlineVenue().builder()
    let venue = try builder.venue(path: "site")
    let plans = FloorPlanSet(venue: venue)
    // Valid: every floor within the venue's outline (the basement's alone would cut the ground
    // floor off 50 m beyond it).
    let report = plans.report(validating: venue)
    #expect(report.isValid, "\(report.text)")
    // The venue's frame is the survey's.
    #expect(plans.frame.origin.latitude == Self.origin.latitude)
    #expect(abs(plans.frame.origin.longitude - Self.origin.longitude) < 1e-8)
    #expect(plans.plans.map(\.ordinal) == [-2, 0])
    let ground = try #require(plans.floors(atOrdinal: 0).first)
    let basement = try #require(plans.floors(atOrdinal: -2).first)
    // Walkable: on the survey, between its lines (the L's hull), and 4 m beyond; not 8 m beyond.
    for p in [Point(x: 20, y: 0), Point(x: 30, y: 10), Point(x: 20, y: -4), Point(x: 84, y: 30)] {
      #expect(plans[ground].isWalkable(p), "\(p)")
    }
    for p in [Point(x: 20, y: -8), Point(x: 88, y: 15), Point(x: 20, y: 40)] {
      #expect(!plans[ground].isWalkable(p), "\(p)")
    }
    #expect(plans[basement].isWalkable(Point(x: 10, y: 3)))
    #expect(!plans[basement].isWalkable(Point(x: 30, y: 20)))
    // One pair of stairs, stacked, joins the floors: a route goes down them.
    #expect(plans.connectors.count == 1)
    let route = try Router(plans).route(
      from: Route.Waypoint(floor: ground, point: Point(x: 80, y: 25)),
      to: Route.Waypoint(floor: basement, point: Point(x: 18, y: 0)))
    #expect(route.waypoints.first?.floor == ground && route.waypoints.last?.floor == basement)
  }

  @Test func aSurveyWithoutFloorChangesHasNoStairs() throws {
    var venue = Self.venue
    venue.passages = []
    let plans = FloorPlanSet(venue: try venue.outlineVenue().builder().0.venue(path: "site"))
    #expect(plans.connectors.isEmpty)
    #expect(plans.plans.allSatisfy { $0.units.allSatisfy { $0.kind.isOpenPlan } })
  }
}
