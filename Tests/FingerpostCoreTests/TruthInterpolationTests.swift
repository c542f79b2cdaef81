import FingerpostCore
import Geometry
import Testing

/// The position on a truth track at a time.
@Suite struct TruthInterpolationTests {
  let truth = [
    TruthSample(t: 1, ordinal: 0, position: Point(x: 0, y: 0)),
    TruthSample(t: 3, ordinal: 0, position: Point(x: 4, y: 0)),
    TruthSample(t: 4, ordinal: 0, position: Point(x: 4, y: 2)),
  ]

  @Test func linearBetweenTheSamplesAndNothingOutside() throws {
    #expect(TruthSample.position(in: truth, at: 2) == Point(x: 2, y: 0))
    #expect(TruthSample.position(in: truth, at: 3.5) == Point(x: 4, y: 1))
    #expect(TruthSample.position(in: truth, at: 1) == Point(x: 0, y: 0))
    #expect(TruthSample.position(in: truth, at: 4) == Point(x: 4, y: 2))
    #expect(TruthSample.position(in: truth, at: 0.99) == nil)
    #expect(TruthSample.position(in: truth, at: 4.01) == nil)
    #expect(TruthSample.position(in: [], at: 1) == nil)
  }

  @Test func aTrackIsSampledBetweenCheckpointsAndChangesFloorHalfWay() {
    let track = TruthSample.track(
      through: [(0, 0, Point(x: 0, y: 0)), (4, -1, Point(x: 4, y: 0))], interval: 1)
    // Half an interval clear of each checkpoint.
    #expect(track.map(\.t) == [0, 0.5, 1.5, 2.5, 4])
    #expect(track.map(\.ordinal) == [0, 0, 0, -1, -1])
    #expect(track.map(\.checkpoint) == [true, false, false, false, true])
    #expect(track[2].position == Point(x: 1.5, y: 0))
  }

  @Test func aTrackOverMoreThanADayIsItsCheckpoints() {
    // Ten days at 2 Hz would be 1.7 million samples.
    let track = TruthSample.track(
      through: [(0, 0, Point(x: 0, y: 0)), (864_000, 0, Point(x: 4, y: 0))], interval: 0.5)
    #expect(track.count == 2 && track.allSatisfy { $0.checkpoint })
  }
}
