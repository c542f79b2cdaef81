import Benchmark
import EventStream
import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import IMDF
import Viewer

/// The committed office sample venue.
let office: String = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Surveys/office").path

/// A viewer of the office on a `columns` × `rows` terminal that has read `fixes` fixes walking
/// the south corridor, each with a 300-particle cloud.
func walkedViewer(columns: Int, rows: Int, fixes: Int) throws -> ViewerState {
  let venue = try VenueLoader.load(path: office)
  let plans = FloorPlanSet(venue: venue)
  let map = FrameRenderer.mapSize(columns: columns, rows: rows)
  var state = ViewerState(
    plans: plans, places: PlaceDirectory(venue: venue, plans: plans), venueName: venue.name,
    columns: map.columns, rows: map.rows)
  for k in 0..<fixes {
    state.receive(line: line(k, plans: plans))
  }
  return state
}

/// Fix `k` of a walk to and fro along the south corridor, and its particle cloud.
func line(_ k: Int, plans: FloorPlanSet) -> String {
  let t = Double(k) * 0.01
  let x = -28 + Double(k % 560) * 0.1
  let plan = plans.plans[0]
  let fix = StreamEncoder.line(
    .fix(
      Fix(
        t: t, position: Point(x: x, y: -9), ordinal: 0, levelID: plan.levelID, accuracy: 2,
        course: 90, speed: 1.2)))
  let points: [(x: Double, y: Double, ordinal: Int)] = (0..<300).map { i in
    let dx = Double(i % 20) * 0.1
    let dy = Double(i / 20) * 0.1
    return (x: x + dx, y: -10 + dy, ordinal: 0)
  }
  let cloud = StreamEncoder.line(.particles(ParticlesRecord(t: t, points: points)))
  return fix + "\n" + cloud
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput], maxDuration: .seconds(5))

  // 100 fixes a second must stay smooth: one frame (follow the fix, 300 particles, trail,
  // accuracy) well under the 33 ms between redraws at 30 frames a second.
  for (columns, rows) in [(100, 30), (200, 60)] {
    Benchmark("Viewer frame \(columns)×\(rows), following a fix with 300 particles") { benchmark in
      var state = try walkedViewer(columns: columns, rows: rows, fixes: 100)
      var renderer = FrameRenderer()
      let plans = state.plans
      var k = 100
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        for text in line(k, plans: plans).split(separator: "\n") {
          state.receive(line: String(text))
        }
        k += 1
        blackHole(renderer.render(state, columns: columns, rows: rows).ansi(colors: true))
      }
    }
  }
}
