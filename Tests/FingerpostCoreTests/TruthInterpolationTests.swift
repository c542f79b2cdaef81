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
}
