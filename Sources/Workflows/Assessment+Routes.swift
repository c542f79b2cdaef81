import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Simulation

extension Assessment {
  /// Walks along the routes recorded walks took instead of random ones: for each of up to
  /// `walks` event streams in `routes` (files `*.ndjson`, in name order, spread evenly over the
  /// folder), a walk from its first checkpoint through the others at the pace the walker kept
  /// between them, so that a prediction covers the places real walks went.
  func routeWalks(from folder: String, plans: FloorPlanSet) throws(FingerpostError) -> [Scenario] {
    let files = try FileAccess.files(in: [folder], withExtension: "ndjson")
    guard !files.isEmpty else {
      throw FingerpostError(.noData, file: folder, "holds no event streams (*.ndjson) to walk")
    }
    let count = min(walks, files.count)
    let chosen = (0..<count).map { files[$0 * files.count / count] }
    var scenarios: [Scenario] = []
    for (index, file) in chosen.enumerated() {
      let stream = try StreamFile(path: file)
      // Positions in the stream's frame (its meta origin) are carried into the venue's.
      let frame = stream.origin.map { LocalFrame(origin: $0) } ?? plans.frame
      let checkpoints = stream.truth.filter(\.checkpoint).compactMap { truth -> TruthSample? in
        // A checkpoint a little outside the drawn walkable space (a wall's width, a shop's
        // doorway) is walked at the nearest walkable point; one far outside is left out.
        let position = plans.frame.point(truth.position, from: frame)
        guard let point = Self.walkable(near: position, ordinal: truth.ordinal, plans: plans)
        else { return nil }
        var moved = truth
        moved.position = point
        return moved
      }
      guard checkpoints.count >= 2 else {
        throw FingerpostError(
          .noData, file: file,
          "has fewer than two checkpoints (truth records) in walkable space to walk between")
      }
      let points = checkpoints.map { truth -> String in
        "ordinal: \(truth.ordinal), x: \(truth.position.x.formatted(decimals: 2)), "
          + "y: \(truth.position.y.formatted(decimals: 2))"
      }
      var stops: [String] = []
      for (from, to) in zip(checkpoints, checkpoints.dropFirst()) {
        let seconds = max(to.t - from.t, 0.1)
        let metres = from.position.distance(to: to.position)
        // The pace kept between the two, bounded to a walker's; the time left over is a dwell.
        let speed = min(max(metres / seconds, 0.3), 2.0)
        let dwell = max(0, seconds - metres / speed)
        stops.append(
          "    - { \(points[stops.count + 1]), speed: \(speed.formatted(decimals: 3)), "
            + "dwell: \(dwell.formatted(decimals: 2)) }")
      }
      let scenario: Scenario
      do {
        scenario = try self.scenario(
          start: points[0], stops: stops, speed: 1.2, seed: seed &+ UInt64(index) &* 7919)
      } catch {
        throw FingerpostError(
          error.kind, file: file, "cannot be walked on \(venuePath) (\(error.message))")
      }
      scenarios.append(scenario)
    }
    return scenarios
  }

  /// `point`, or the nearest walkable point within 5 m of it on a floor at `ordinal` (searched
  /// on rings 0.25 m apart), or nil.
  static func walkable(near point: Point, ordinal: Int, plans: FloorPlanSet) -> Point? {
    let floors = plans.floors(atOrdinal: ordinal)
    for ring in 0...20 {
      let radius = Double(ring) * 0.25
      let count = max(1, ring * 6)
      for k in 0..<count {
        let angle = 2 * Double.pi * Double(k) / Double(count)
        let p = Point(x: point.x + radius * cos(angle), y: point.y + radius * sin(angle))
        if floors.contains(where: { plans[$0].isWalkable(p) }) { return p }
      }
    }
    return nil
  }
}
