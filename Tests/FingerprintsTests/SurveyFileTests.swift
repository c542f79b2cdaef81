import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Testing

@Suite struct SurveyFileTests {
  let header = SurveyHeader(
    venue: "office", origin: GeoCoordinate(longitude: 24.5, latitude: 60.25), source: "test")
  let records = [
    SurveyRecord(
      scan: Scan(
        time: 2, device: "pixel \"7\"",
        readings: [Reading(bssid: "aa:bb:cc:00:00:01", rssi: -61, frequency: 2437)]),
      ordinal: 0, levelID: "L0", building: "B", position: Point(x: 1.25, y: -3.5)),
    SurveyRecord(
      scan: Scan(
        time: 4.5, device: "pixel", readings: [Reading(bssid: "aa:bb:cc:00:00:02", rssi: -80.5)]),
      ordinal: -1, coordinate: GeoCoordinate(longitude: 24.5001, latitude: 60.2502)),
  ]

  func temporaryURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("survey-\(UUID()).ndjson")
  }

  @Test func roundTripsThroughTheFile() throws {
    let url = temporaryURL()
    defer { try? FileManager.default.removeItem(at: url) }
    try SurveyWriter.write(SurveyFile(header: header, records: records), to: url)
    let back = try SurveyFile(contentsOf: url)
    #expect(back.header == header)
    #expect(back.records == records)
    #expect(back.problems.isEmpty)
  }

  @Test func appendedRecordingSurvivesACrashMidLine() throws {
    let url = temporaryURL()
    defer { try? FileManager.default.removeItem(at: url) }
    for record in records + records { try SurveyWriter.append(record, to: url, header: header) }
    var data = try Data(contentsOf: url)
    data.removeLast(25)  // the process died while writing the last line
    try data.write(to: url)
    let back = try SurveyFile(contentsOf: url)
    #expect(back.header == header)
    #expect(back.records == records + [records[0]])
    #expect(back.problems.count == 1)
    #expect(back.problems[0].line == 5 && back.problems[0].skippedLine)
  }

  @Test func badLinesAreReportedWithTheirLineAndSkipped() {
    let text = """
      {"type":"survey","version":1}
      this is not json
      {"type":"scan","device":"d","ordinal":0,"x":1,"y":2,"readings":[]}
      {"type":"scan","t":1,"ordinal":0,"readings":[]}
      {"type":"scan","t":1,"x":1,"y":2,"readings":[]}
      {"type":"walk","t":1}

      {"type":"scan","t":3,"device":"d","ordinal":0,"x":1,"y":2,"readings":[["a",-50],["b",12],["c","loud"],["d"],["e",-130]]}
      """
    let survey = SurveyFile.parse(Data(text.utf8), file: "s.ndjson")
    #expect(survey.records.count == 1)
    #expect(survey.records[0].scan.readings.map(\.bssid) == ["a"])
    let skipped = survey.problems.filter(\.skippedLine)
    #expect(skipped.map(\.line) == [2, 3, 4, 5, 6])
    #expect(skipped[0].description.hasPrefix("s.ndjson:2: not JSON"))
    #expect(skipped[1].message.contains("no time"))
    #expect(skipped[2].message.contains("no position"))
    #expect(skipped[3].message.contains("no level"))
    let dropped = survey.problems.filter { !$0.skippedLine }
    #expect(dropped.count == 4)
    #expect(dropped.allSatisfy { $0.line == 8 })
  }

  @Test func aHeaderOfAnotherVersionIsRefused() {
    let survey = SurveyFile.parse(Data(#"{"type":"survey","version":7}"#.utf8), file: "s")
    #expect(survey.header == nil)
    #expect(survey.problems.first?.message.contains("version 7") == true)
  }
}
