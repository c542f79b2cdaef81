import EventStream
import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Store
import TestSupport
import Testing

/// `PUT /fp/v1/venues/{id}/radiomap`: a radio map without IMDF (a dataset's, in EPSG:3857
/// Web-Mercator metres like UJIIndoorLoc) makes a map-only venue that `/v1/geolocate` answers
/// with latitude and longitude; an IMDF venue takes only a map of its own levels.
@Suite struct MapOnlyVenueTests {
  /// Where the synthetic building lies: Web-Mercator metres near UJIIndoorLoc's campus (40° N).
  static let corner = Point(x: -7_400, y: 4_864_830)

  /// Two floors of building "1", 30 × 20 m, four APs a floor; RSSI falls 20 dB a decade.
  static let accessPoints: [(bssid: String, ordinal: Int, position: Point)] = (0..<2).flatMap {
    ordinal in
    [(0, 0), (30, 0), (0, 20), (30, 20)].enumerated().map { i, xy in
      (
        "02:00:00:00:0\(ordinal):0\(i)", ordinal,
        Point(x: corner.x + Double(xy.0), y: corner.y + Double(xy.1))
      )
    }
  }

  /// The scan of floor `ordinal` at `p`.
  static func scan(_ p: Point, ordinal: Int) -> Scan {
    let readings = accessPoints.filter { $0.ordinal == ordinal }.map { ap in
      Reading(
        bssid: ap.bssid, rssi: (-40 - 20 * log10(max(ap.position.distance(to: p), 1))).rounded())
    }
    return Scan(time: 0, device: "survey", readings: readings)
  }

  /// The map file's bytes: a survey every `spacing` metres (2 by default) on both floors, built
  /// without a venue.
  static func mapFile(in folder: TemporaryFolder, spacing: Int = 2) throws -> Data {
    var records: [SurveyRecord] = []
    for ordinal in 0..<2 {
      for x in stride(from: 0, through: 30, by: spacing) {
        for y in stride(from: 0, through: 20, by: spacing) {
          let p = Point(x: corner.x + Double(x), y: corner.y + Double(y))
          records.append(
            SurveyRecord(
              scan: scan(p, ordinal: ordinal), ordinal: ordinal, building: "1", position: p))
        }
      }
    }
    let survey = SurveyFile(
      header: SurveyHeader(venue: "synthetic", source: "test", frame: "EPSG:3857"),
      records: records)
    let (map, _) = RadioMapBuilder().build(surveys: [("synthetic", survey)], plans: nil)
    let url = folder.appending("synthetic.fpmap")
    try RadioMapFile.write(map, to: url)
    return try Data(contentsOf: url)
  }

  static func json(_ response: TestResponse) -> JSONValue? {
    try? JSONParser.parse(Data(buffer: response.body))
  }

  /// A fresh service in `folder` with a key `w` that may write any venue and a key `locate`.
  static func service(in folder: TemporaryFolder) async throws -> FingerprintService {
    try await ServiceFixture.fresh(
      in: folder,
      keys: [
        APIKey(key: "w", name: "w", writeVenues: ["*"]), APIKey(key: "locate", name: "locate"),
      ])
  }

  @Test func anUploadedMapMakesAMapOnlyVenueThatGeolocates() async throws {
    let folder = try TemporaryFolder("map-only")
    defer { folder.remove() }
    let service = try await Self.service(in: folder)
    let file = try Self.mapFile(in: folder)
    let truth = Point(x: Self.corner.x + 21, y: Self.corner.y + 7)
    try await service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/campus/radiomap?key=locate", method: .put, body: ByteBuffer(bytes: file)
      ) { response in #expect(response.status == .forbidden) }
      try await client.execute(
        uri: "/fp/v1/venues/campus/radiomap?key=w", method: .put,
        body: ByteBuffer(string: "not a map")
      ) { response in #expect(response.status == .badRequest) }
      try await client.execute(uri: "/fp/v1/venues/campus?key=w", method: .get) { response in
        #expect(response.status == .notFound)
      }
      try await client.execute(
        uri: "/fp/v1/venues/campus/radiomap?key=w&name=Campus", method: .put,
        body: ByteBuffer(bytes: file)
      ) { response in
        #expect(response.status == .created)
        #expect(response.headers[.location] == "/fp/v1/venues/campus/radiomap")
        #expect(Self.json(response)?["version"]?.intValue == 1)
        #expect(Self.json(response)?["scans"]?.intValue == 2 * 16 * 11)
      }
      try await client.execute(uri: "/fp/v1/venues/campus?key=w", method: .get) { response in
        let info = try #require(Self.json(response))
        #expect(info["name"]?.stringValue == "Campus")
        #expect(info["imdf"]?.boolValue == false)
        let levels = try #require(info["levels"]?.arrayValue)
        #expect(levels.compactMap { $0["ordinal"]?.intValue } == [0, 1])
        #expect(levels.allSatisfy { $0["building_ids"]?.arrayValue?.first?.stringValue == "1" })
        #expect(levels.allSatisfy { $0["level_id"] == nil && $0["walkable_m2"] == nil })
      }
      try await client.execute(uri: "/fp/v1/venues/campus/validation?key=w", method: .get) {
        response in #expect(response.status == .notFound)
      }
      try await client.execute(uri: "/fp/v1/venues/campus/units?key=w", method: .get) {
        response in #expect(Self.json(response)?.arrayValue?.isEmpty == true)
      }
      let networks = Self.scan(truth, ordinal: 1).readings.map { (mac: $0.bssid, rssi: $0.rssi) }
      try await client.execute(
        uri: "/v1/geolocate?key=locate", method: .post,
        body: ByteBuffer(string: ServiceFixture.body(networks))
      ) { response in
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        let answer = try #require(Self.json(response))
        let indoor = try #require(answer["indoor"])
        #expect(indoor["venue"]?.stringValue == "campus")
        #expect(indoor["ordinal"]?.intValue == 1)
        #expect(indoor["building"]?.stringValue == "1")
        let x = try #require(indoor["x"]?.doubleValue)
        let y = try #require(indoor["y"]?.doubleValue)
        #expect(Point(x: x, y: y).distance(to: truth) < 4)
        // Latitude and longitude are the inverse Web Mercator of x/y, on UJI's campus.
        let expected = WebMercator.coordinate(for: Point(x: x, y: y))
        let lat = try #require(answer["location"]?["lat"]?.doubleValue)
        let lng = try #require(answer["location"]?["lng"]?.doubleValue)
        #expect(abs(lat - expected.latitude) < 1e-6 && abs(lng - expected.longitude) < 1e-6)
        #expect(abs(lat - 39.99) < 0.01 && abs(lng - -0.066) < 0.01)
        // The accuracy is in ground metres: no more than the map-metre radius's cos(40°).
        let accuracy = try #require(answer["accuracy"]?.doubleValue)
        let fix = try #require(
          try service.catalog.entry("campus")?.locate?.fix(Self.scan(truth, ordinal: 1)))
        #expect(abs(accuracy - fix.accuracy * WebMercator.groundScale(atY: y)) < 0.06)
        #expect(accuracy < fix.accuracy)
      }
      // A geosubmitted scan placed by latitude and longitude lands at its Web-Mercator x/y.
      let place = WebMercator.coordinate(for: truth)
      try await client.execute(
        uri: "/v2/geosubmit?key=w", method: .post,
        body: ByteBuffer(
          string:
            #"{"items":[{"position":{"latitude":\#(place.latitude),"longitude":\#(place.longitude)},"#
            + #""wifiAccessPoints":[{"macAddress":"02:00:00:00:01:00","signalStrength":-60}],"#
            + #""indoor":{"venue":"campus","ordinal":1,"building":"1"}}]}"#)
      ) { response in #expect(response.status == .ok) }
      try await client.execute(uri: "/fp/v1/venues/campus/surveys.ndjson?key=w", method: .get) {
        response in
        let survey = SurveyFile.parse(Data(buffer: response.body), file: "download")
        #expect(survey.header?.frame == "EPSG:3857")
        let record = try #require(survey.records.first)
        #expect(record.ordinal == 1 && record.building == "1")
        #expect(try #require(record.position).distance(to: truth) < 0.01)
      }
    }
  }

  /// A walk east along floor 1's middle, 17 ground metres (22 Web-Mercator metres at 40° N) in
  /// 0.7 m steps with a scan every 4th step, as event-stream lines; its end in map metres.
  static func walk() -> (lines: [String], end: Point) {
    let scale = WebMercator.groundScale(atY: corner.y)
    let start = Point(x: corner.x + 4, y: corner.y + 10)
    var lines: [String] = []
    var x = 0.0  // ground metres walked
    for k in 1...24 {
      x += 0.7
      let t = Double(k) * 0.5
      lines.append(StreamEncoder.line(.step(Step(t: t, length: 0.7, heading: 90))))
      if k % 4 == 0 {
        var scan = Self.scan(Point(x: start.x + x / scale, y: start.y), ordinal: 1)
        scan.time = t
        scan.device = "phone"
        lines.append(StreamEncoder.line(.scan(scan)))
      }
    }
    return (lines, Point(x: start.x + x / scale, y: start.y))
  }

  @Test func aMapOnlyVenueTracksOnTheAreaItsSurveySpans() async throws {
    let folder = try TemporaryFolder("map-only")
    defer { folder.remove() }
    let service = try await Self.service(in: folder)
    let file = try Self.mapFile(in: folder)
    let (lines, end) = Self.walk()
    let id = try await service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/campus/radiomap?key=w", method: .put, body: ByteBuffer(bytes: file)
      ) { response in #expect(response.status == .created) }
      // The drawn venue: a level per map level, in ground metres (30 map metres are 23 m).
      let drawn = try #require(try service.catalog.entry("campus")?.drawn?.get())
      #expect(drawn.plans.plans.map(\.ordinal) == [0, 1])
      #expect(drawn.map.levels.allSatisfy { $0.levelID != nil })
      let width = try #require(drawn.plans.plans[1].walkableBounds)
      #expect(abs(width.max.x - width.min.x - (30 * 0.766 + 2 * 5)) < 1)
      let id = try await client.execute(
        uri: "/fp/v1/sessions?key=locate", method: .post,
        body: ByteBuffer(
          string: #"{"venue":"campus","seed":3,"start":{"ordinal":1,"x":\#(Self.corner.x + 4),"#
            + #""y":\#(Self.corner.y + 10)}}"#)
      ) { response in
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try #require(Self.json(response)?["id"]?.stringValue)
      }
      try await client.execute(
        uri: "/fp/v1/sessions/\(id)/events?key=locate", method: .post,
        body: ByteBuffer(string: lines.joined(separator: "\n"))
      ) { response in
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        let fix = try #require(Self.json(response)?["fix"])
        // In the map's terms: Web-Mercator x/y and no drawn level id.
        #expect(fix["ordinal"]?.intValue == 1)
        #expect(fix["level_id"] == nil || fix["level_id"] == .null)
        let x = try #require(fix["x"]?.doubleValue)
        let y = try #require(fix["y"]?.doubleValue)
        #expect(Point(x: x, y: y).distance(to: end) < 1.5, "fix \(x), \(y), truth \(end)")
        let lat = try #require(fix["lat"]?.doubleValue)
        #expect(abs(lat - WebMercator.coordinate(for: Point(x: x, y: y)).latitude) < 1e-6)
      }
      // Its stream's meta record names no origin: the x/y are projected metres.
      let session = try #require(service.sessions.session(id))
      #expect(!session.metaLine.contains("origin"))
      return id
    }
    // A restarted server draws the venue again and takes the session up where it was.
    let restarted = try await FingerprintService(configuration: service.configuration)
    let more = [StreamEncoder.line(.step(Step(t: 12.5, length: 0.7, heading: 90)))].joined()
    let fixAfterRestart = try await SessionRestoreTests.post(more, to: id, of: restarted)
    let fixWithoutRestart = try await SessionRestoreTests.post(more, to: id, of: service)
    #expect(fixAfterRestart == fixWithoutRestart)
    #expect(fixAfterRestart["type"]?.stringValue == "fix")
  }

  @Test func anIMDFVenueRefusesAMapOfOtherLevels() async throws {
    let fixture = try await ServiceFixture.shared.value
    let folder = try TemporaryFolder("map-only")
    defer { folder.remove() }
    let before = fixture.service.catalog.entry("office")?.mapRecord
    try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(
        uri: "/fp/v1/venues/office/radiomap?key=writer", method: .put,
        body: ByteBuffer(bytes: try Self.mapFile(in: folder))
      ) { response in
        #expect(response.status == .unprocessableContent)
        #expect(
          Self.json(response)?["error"]?["errors"]?.arrayValue?.first?["reason"]?.stringValue
            == "levelMismatch")
      }
    }
    #expect(fixture.service.catalog.entry("office")?.mapRecord == before)
  }
}
