import Geometry
import Testing

/// Bearings in degrees clockwise from north: normalized, differenced across north, of vectors.
@Suite struct BearingTests {
  @Test func normalizedBringsAnyAngleIntoOneTurn() {
    #expect(Bearing.normalized(-10) == 350)
    #expect(Bearing.normalized(725) == 5)
    #expect(Bearing.normalized(360) == 0)
  }

  @Test func differenceTakesTheShortWayAcrossNorth() {
    #expect(Bearing.difference(10, 350) == 20)
    #expect(Bearing.difference(350, 10) == -20)
    #expect(Bearing.difference(90, 270) == 180)
    #expect(Bearing.difference(270, 90) == 180)
  }

  @Test func ofAVectorIsClockwiseFromNorth() {
    #expect(Bearing.of(Point(x: 0, y: 1)) == 0)
    #expect(Bearing.of(Point(x: 1, y: 0)) == 90)
    #expect(Bearing.of(Point(x: -1, y: 0)) == -90)
  }
}
