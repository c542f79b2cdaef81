import EventStream
import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Localization
import Replay
import Testing

/// The one loop that feeds a walk to a localizer: what order events go in, what the localizer
/// sees, and what is counted as unusable.
@Suite struct WalkFeedTests {
  /// A localizer that writes down what it was given, in order.
  final class Recorder: Localizer {
    var calls: [String] = []
    func step(_ step: Step) { calls.append("step \(step.t)") }
    func scan(_ scan: Scan) { calls.append("scan \(scan.time)") }
    func pressure(_ sample: Pressure) { calls.append("pressure \(sample.t)") }
    func advance(to t: Double) { calls.append("advance \(t)") }
    func fix(at t: Double) -> Fix? { nil }
  }

  /// A map that knows one AP, heard over a 10 m square.
  static func oneAccessPointMap() -> RadioMap {
    var records: [SurveyRecord] = []
    for x in stride(from: 0, through: 10, by: 2) {
      for y in stride(from: 0, through: 10, by: 2) {
        records.append(
          SurveyRecord(
            scan: Scan(
              time: 0, device: "survey",
              readings: [Reading(bssid: "02:00:00:00:00:01", rssi: -50 - Double(x))]),
            ordinal: 0, position: Point(x: Double(x), y: Double(y))))
      }
    }
    let survey = SurveyFile(
      header: SurveyHeader(
        venue: "square", origin: GeoCoordinate(longitude: 11.11, latitude: 49.46), source: "test"),
      records: records)
    return RadioMapBuilder().build(surveys: [("square", survey)], plans: nil).map
  }

  @Test func eventsGoInTimeOrderWithTiesInTheOrderGiven() {
    let records: [StreamRecord] = [
      .scan(Scan(time: 2, device: "p", readings: [])),
      .step(Step(t: 1, length: 0.7, heading: 0)),
      .fix(Fix(t: 1.5, position: Point(x: 0, y: 0), ordinal: 0, accuracy: 1)),
      .pressure(Pressure(t: 2, hPa: 1000)),
      .step(Step(t: 2, length: 0.7, heading: 0)),
    ]
    let ordered = WalkFeed.ordered(records)
    // The fix is not an event a localizer takes; the three at t = 2 keep the order they came in.
    #expect(ordered.map(\.t) == [1, 2, 2, 2])
    #expect(ordered.map(\.event.type) == ["step", "scan", "pressure", "step"])
  }

  @Test func eachEventComesAfterTheLocalizerIsAdvancedToItsTime() {
    let recorder = Recorder()
    var feed = WalkFeed(localizer: recorder)
    for (_, event) in WalkFeed.ordered([
      .step(Step(t: 0.5, length: 0.7, heading: 0)), .pressure(Pressure(t: 0.7, hPa: 1000)),
      .scan(Scan(time: 1, device: "p", readings: [])),
      .truth(TruthSample(t: 2, ordinal: 0, position: Point(x: 0, y: 0))),
    ]) {
      feed.feed(event)
    }
    #expect(
      recorder.calls == [
        "advance 0.5", "step 0.5", "advance 0.7", "pressure 0.7", "advance 1.0", "scan 1.0",
      ])
    #expect(feed.fed == 3)
    #expect(feed.lastTime == 1)
  }

  @Test func scansNamingNoAccessPointOfTheMapAndBrokenStepsAreCounted() {
    let map = Self.oneAccessPointMap()
    var feed = WalkFeed(localizer: Recorder(), map: map)
    let known = Reading(bssid: "02:00:00:00:00:01", rssi: -60)
    let unknown = Reading(bssid: "02:00:00:00:00:99", rssi: -60)
    feed.feed(.scan(Scan(time: 1, device: "p", readings: [known, unknown])))
    feed.feed(.scan(Scan(time: 2, device: "p", readings: [unknown])))
    feed.feed(.scan(Scan(time: 3, device: "p", readings: [])))
    feed.feed(.step(Step(t: 4, length: .nan, heading: 0)))
    feed.feed(.step(Step(t: 5, length: 0.7, heading: .infinity)))
    feed.feed(.step(Step(t: 6, length: 0.7, heading: 10)))
    #expect(feed.unusableScans == 2)
    #expect(feed.unusableSteps == 2)
    #expect(feed.fed == 6)
    // The same test `prepare` makes, without preparing the scan.
    for readings in [[known, unknown], [unknown], []] {
      let scan = Scan(time: 0, device: "p", readings: readings)
      #expect(map.namesAny(of: scan) == (map.prepare(scan).knownCount > 0))
    }
  }
}
