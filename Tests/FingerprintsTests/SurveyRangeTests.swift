import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Testing

/// Values that are finite but out of any venue's or clock's range are refused where a survey is
/// read, and numbers of any size are written as valid JSON that reads back.
@Suite struct SurveyRangeTests {
  @Test func aTimeOrPositionOutOfRangeSkipsItsLineNamingTheField() {
    let text = """
      {"type":"survey","version":1}
      {"type":"scan","t":1e300,"device":"d","ordinal":0,"x":1,"y":2,"readings":[["a",-50]]}
      {"type":"scan","t":1,"device":"d","ordinal":0,"x":1e15,"y":2,"readings":[["a",-50]]}
      {"type":"scan","t":1,"device":"d","ordinal":0,"lon":400,"lat":2,"readings":[["a",-50]]}
      {"type":"scan","t":1.5e9,"device":"d","ordinal":0,"x":-2e7,"y":2e7,"readings":[["a",-50]]}
      """
    let survey = SurveyFile.parse(Data(text.utf8), file: "s.ndjson")
    #expect(survey.records.map(\.scan.time) == [1.5e9])
    let skipped = survey.problems.filter(\.skippedLine)
    #expect(skipped.map(\.line) == [2, 3, 4])
    #expect(skipped[0].message.hasPrefix("time \"t\" out of range"))
    #expect(skipped[1].message.hasPrefix("position out of range"))
    #expect(skipped[2].message.hasPrefix("lon/lat out of range"))
  }

  @Test func hugeNumbersAreWrittenAsJSONNumbersNotAsInfinity() {
    #expect(1e300.formatted(decimals: 2) == "1e+300")  // was "inf.00"
    for value in [-2.5e15, 3e17, 1.7976931348623157e308] {
      let text = value.formatted(decimals: 3)
      #expect(Double(text) == value && !text.contains("inf"), "\(text)")
      #expect(!text.hasSuffix(".000") || !text.contains("e"), "\(text)")
    }
    #expect(1234.5.formatted(decimals: 2) == "1234.50")
    // A record at the edge of the range writes a line that reads back to the same values.
    let record = SurveyRecord(
      scan: Scan(time: 9.9e9, device: "d", readings: [Reading(bssid: "a", rssi: -50)]),
      ordinal: 0, levelID: nil, position: Point(x: -9.9e7, y: 9.9e7))
    let line = SurveyWriter.line(record)
    let back = SurveyFile.parse(Data(line.utf8), file: "line")
    #expect(back.problems.isEmpty, "\(line)")
    #expect(back.records.first?.position == record.position)
    #expect(back.records.first?.scan.time == 9.9e9)
  }
}
