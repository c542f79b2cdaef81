import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import TestSupport
import Testing

@testable import Workflows

/// `assess --routes`: walks along the routes recorded walks took (their checkpoints), carried
/// into the venue's frame and onto its walkable space.
@Suite struct AssessmentRoutesTests {
  /// Three walkable points on the office's first floor, each a walkable unit's anchor.
  static func points(_ plans: FloorPlanSet) -> (ordinal: Int, points: [Point]) {
    let floor = plans.floors[0]
    let anchors = plans[floor].units.filter(\.kind.isWalkable).map(\.anchorPoint)
      .filter { plans[floor].isWalkable($0) }
    return (plans[floor].ordinal, [anchors[0], anchors[anchors.count / 2], anchors.last!])
  }

  /// A recorded walk's stream: its meta in a frame 10 m east of the venue's, and checkpoints
  /// (t, ordinal, venue point) written in that frame.
  static func stream(_ plans: FloorPlanSet, _ checkpoints: [(Double, Int, Point)]) -> String {
    let origin = plans.frame.coordinate(for: Point(x: 10, y: 0))
    var lines = [
      "{\"type\":\"meta\",\"schema\":2,\"generator\":\"test\",\"origin\":[\(origin.longitude),\(origin.latitude)]}"
    ]
    for (t, ordinal, p) in checkpoints {
      lines.append(
        "{\"type\":\"truth\",\"t\":\(t),\"ordinal\":\(ordinal),\"x\":\(p.x - 10),\"y\":\(p.y),\"checkpoint\":true}"
      )
      lines.append(
        "{\"type\":\"truth\",\"t\":\(t + 0.5),\"ordinal\":\(ordinal),\"x\":\(p.x - 10),\"y\":\(p.y)}"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func folder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test func aWalkFollowsTheCheckpointsOfARecordedWalkAtItsPace() throws {
    let setting = try AssessmentTests.setting.get()
    let plans = setting.world.plans
    let (ordinal, p) = Self.points(plans)
    let far = Point(x: p[0].x + 500, y: p[0].y)
    let folder = try Self.folder([
      "a.ndjson": Self.stream(
        plans, [(0, ordinal, p[0]), (20, ordinal, p[1]), (40, ordinal, p[2]), (45, ordinal, far)]),
      "notes.txt": "not a stream",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    var assessment = AssessmentTests.small()
    assessment.walks = 3
    let scenarios = try assessment.routeWalks(from: folder.path, plans: plans)
    // One stream: one walk, however many are asked for.
    #expect(scenarios.count == 1)
    let walk = try #require(scenarios.first)
    guard case .point(let o, let x, let y) = walk.start else {
      Issue.record("the start is not a point: \(walk.start)")
      return
    }
    // Carried from the stream's frame into the venue's: back where it was drawn.
    #expect(o == ordinal && Point(x: x, y: y).distance(to: p[0]) < 0.05)
    // The checkpoint 500 m away, outside the venue, is left out.
    #expect(walk.stops.count == 2)
    for (stop, (point, from)) in zip(walk.stops, [(p[1], p[0]), (p[2], p[1])]) {
      guard case .point(_, let x, let y) = stop.place else {
        Issue.record("a stop that is not a point: \(stop.place)")
        continue
      }
      #expect(Point(x: x, y: y).distance(to: point) < 0.05)
      let pace = min(max(from.distance(to: point) / 20, 0.3), 2.0)
      #expect(abs(stop.speed - pace) < 0.01)
      #expect(abs(stop.dwell - max(0, 20 - from.distance(to: point) / pace)) < 0.1)
    }
    #expect(!walk.localizer.knownStart && walk.events.isEmpty)
    // The assessment walks it (and the kidnap walk stays random).
    assessment.routes = folder.path
    assessment.kidnaps = 1
    let report = try assessment.run(in: setting)
    #expect(report.walks.count == 1 && report.kidnaps.count == 1)
    #expect(report.walks[0].seconds >= 39)
  }

  @Test func aPointJustOutsideWalkableSpaceIsMovedOntoIt() throws {
    let plans = try AssessmentTests.setting.get().world.plans
    let (ordinal, p) = Self.points(plans)
    let moved = try #require(Assessment.walkable(near: p[0], ordinal: ordinal, plans: plans))
    #expect(moved == p[0])
    // Walk out of walkable space from the anchor, then ask for the nearest walkable point.
    var outside = p[0]
    while plans[plans.floors[0]].isWalkable(outside) { outside.x += 0.5 }
    outside.x += 1
    let back = try #require(Assessment.walkable(near: outside, ordinal: ordinal, plans: plans))
    #expect(plans[plans.floors[0]].isWalkable(back) && back.distance(to: outside) <= 5)
    #expect(Assessment.walkable(near: Point(x: 1e5, y: 0), ordinal: ordinal, plans: plans) == nil)
  }

  @Test func aFolderWithoutWalksOrAWalkWithoutCheckpointsIsRefusedByName() throws {
    let plans = try AssessmentTests.setting.get().world.plans
    let (ordinal, p) = Self.points(plans)
    let empty = try Self.folder([:])
    defer { try? FileManager.default.removeItem(at: empty) }
    #expect {
      try AssessmentTests.small().routeWalks(from: empty.path, plans: plans)
    } throws: { error in
      let error = error as? FingerpostError
      return error?.kind == .noData && error?.file == empty.path
    }
    let one = try Self.folder(["b.ndjson": Self.stream(plans, [(0, ordinal, p[0])])])
    defer { try? FileManager.default.removeItem(at: one) }
    #expect {
      try AssessmentTests.small().routeWalks(from: one.path, plans: plans)
    } throws: { error in
      let error = error as? FingerpostError
      return error?.kind == .noData && error?.file?.hasSuffix("b.ndjson") == true
        && error?.message.contains("fewer than two checkpoints") == true
    }
  }
}
