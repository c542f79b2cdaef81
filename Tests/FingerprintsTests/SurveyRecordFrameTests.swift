import FingerpostCore
import Fingerprints
import Geometry
import Testing

@Suite struct SurveyRecordFrameTests {
  let venue = LocalFrame(origin: GeoCoordinate(longitude: 24.9, latitude: 60.2))
  let shifted = LocalFrame(origin: GeoCoordinate(longitude: 24.9001, latitude: 60.2001))
  let scan = Scan(time: 0, device: "d", readings: [])

  @Test func positionsInAnotherFrameAreCarriedOver() throws {
    let record = SurveyRecord(scan: scan, ordinal: 0, position: Point(x: 10, y: 5))
    #expect(record.point(in: venue, surveyFrame: venue) == Point(x: 10, y: 5))
    #expect(record.point(in: nil, surveyFrame: shifted) == Point(x: 10, y: 5))
    let moved = try #require(record.point(in: venue, surveyFrame: shifted))
    // 0.0001° of longitude at 60.2° N is 5.55 m east; 0.0001° of latitude 11.13 m north.
    #expect(abs(moved.x - (10 + 5.55)) < 0.05)
    #expect(abs(moved.y - (5 + 11.13)) < 0.05)
  }

  @Test func coordinatesAreProjected() throws {
    let record = SurveyRecord(
      scan: scan, ordinal: 0, coordinate: GeoCoordinate(longitude: 24.9001, latitude: 60.2001))
    let p = try #require(record.point(in: venue, surveyFrame: nil))
    #expect(abs(p.x - 5.55) < 0.05 && abs(p.y - 11.13) < 0.05)
    #expect(record.point(in: nil, surveyFrame: nil) == nil)
    #expect(SurveyRecord(scan: scan, ordinal: 0).point(in: venue, surveyFrame: venue) == nil)
  }
}
