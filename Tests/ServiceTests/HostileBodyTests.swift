import CompressNIO
import Fingerprints
import Foundation
import Hummingbird
import JSON
import NIOCore
import Service
import Testing

/// Bodies made to exhaust memory: the key is checked before a submission is read, and a body
/// is parsed only up to the configured count of JSON values and depth (issue 32).
@Suite struct HostileBodyTests {
  typealias Conformance = GeolocateConformanceTests

  /// `{"items":[{"a":[0]},…]}` with `count` items, gzip-compressed (a few kilobytes).
  static func bomb(items count: Int) throws -> ByteBuffer {
    var plain = ByteBuffer(
      string: #"{"items":["# + Array(repeating: #"{"a":[0]}"#, count: count).joined(separator: ",")
        + "]}")
    return try plain.compress(with: .gzip())
  }

  @Test func aSubmissionWithoutAValidKeyIsRefusedBeforeItsBodyIsRead() async throws {
    let body = try Self.bomb(items: 100_000)
    for uri in ["/v2/geosubmit", "/v2/geosubmit?key=nobody"] {
      let (status, json, _) = try await Conformance.send(
        uri, body: body, headers: [.contentEncoding: "gzip"])
      #expect(status == 400)
      Conformance.expectErrorBody(json, code: 400, reason: "keyInvalid")
    }
    // Not even JSON: the key is what is refused.
    let (status, json, _) = try await Conformance.send(
      "/v2/geosubmit?key=nobody", body: ByteBuffer(string: "{{{{"))
    #expect(status == 400 && Conformance.reason(json) == "keyInvalid")
  }

  @Test func aSubmissionOfMoreValuesThanTheLimitIs413() async throws {
    // 100,000 items of 4 values each: 400,002 values, over the default 250,000.
    let body = try Self.bomb(items: 100_000)
    #expect(body.readableBytes < 10_000)
    let (status, json, _) = try await Conformance.send(
      "/v2/geosubmit?key=writer", body: body, headers: [.contentEncoding: "gzip"])
    #expect(status == 413)
    Conformance.expectErrorBody(json, code: 413, reason: "requestTooLarge")
    #expect(json?["error"]?["message"]?.stringValue?.contains("250000 JSON values") == true)
    // Within the limit the same shape is read (and its items, placed nowhere, not stored).
    let small = try Self.bomb(items: 1_000)
    let (ok, _, _) = try await Conformance.send(
      "/v2/geosubmit?key=writer", body: small, headers: [.contentEncoding: "gzip"])
    #expect(ok == 200)
  }

  @Test func aGeolocateBodyNestedDeeperThanTheLimitIsAParseError() async throws {
    let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
    let (status, json, _) = try await Conformance.send(
      "/v1/geolocate?key=locate", body: ByteBuffer(string: #"{"wifiAccessPoints":"# + deep + "}"))
    #expect(status == 400)
    Conformance.expectErrorBody(json, code: 400, reason: "parseError")
    #expect(json?["error"]?["message"]?.stringValue?.contains("nesting deeper than 16") == true)
  }
}

extension HostileBodyTests {
  @Test func aSubmittedValueOutOfRangeIsRefusedNamingItsItem() async throws {
    let item = { (x: String, timestamp: String) in
      #"{"timestamp":\#(timestamp),"wifiAccessPoints":[{"macAddress":"02:00:00:00:01:00","signalStrength":-60}],"#
        + #""indoor":{"venue":"office","ordinal":0,"x":\#(x),"y":1}}"#
    }
    for (x, timestamp, field) in [("1e300", "1000", "position"), ("1", "1e300", "time")] {
      let body = #"{"items":["# + item("1", "1000") + "," + item(x, timestamp) + "]}"
      let (status, json, _) = try await Conformance.send(
        "/v2/geosubmit?key=writer", body: ByteBuffer(string: body))
      #expect(status == 400)
      Conformance.expectErrorBody(json, code: 400, reason: "parseError")
      let message = json?["error"]?["message"]?.stringValue ?? ""
      #expect(message.contains("items[1]: \(field)"), "\(message)")
    }
  }
}

extension HostileBodyTests {
  /// FuzzGeosubmit found a signal of −130 dBm stored and then dropped on reading the survey back.
  @Test func aSubmittedLineHoldsOnlyReadingsTheSurveyReaderTakesBack() async throws {
    let fixture = try await ServiceFixture.shared.value
    let item = try JSONParser.parse(
      Data(
        (#"{"wifiAccessPoints":[{"macAddress":"02:00:00:00:01:00","signalStrength":-60},"#
          + #"{"macAddress":"02:00:00:00:01:01","signalStrength":-130},"#
          + #"{"macAddress":"０２:00:00:00:01:02","signalStrength":-70}],"#
          + #""indoor":{"venue":"office","ordinal":0,"x":1,"y":1}}"#).utf8))
    let placed = try #require(
      try GeosubmitRequest.surveyLine(item, index: 0, in: fixture.service.catalog.entry))
    let survey = SurveyFile.parse(Data(placed.line.utf8), file: "line")
    #expect(survey.problems.isEmpty, "\(survey.problems)")
    #expect(survey.records.first?.scan.readings.map { $0.bssid } == ["02:00:00:00:01:00"])
    #expect(GeolocateRequest.normalizedMAC("０２:00:00:00:01:02") == nil)
  }

  @Test func pagesOnOtherOriginsMayLocateAndReadButNotWrite() async throws {
    func preflight(_ uri: String, _ method: String) async throws -> String? {
      try await Conformance.send(
        uri, method: .options,
        headers: [.origin: "https://example.org", .accessControlRequestMethod: method]
      ).headers[.accessControlAllowOrigin]
    }
    #expect(try await preflight("/v1/geolocate", "POST") == "*")
    #expect(try await preflight("/fp/v1/venues/office/locate", "POST") == "*")
    #expect(try await preflight("/fp/v1/sessions", "POST") == "*")
    #expect(try await preflight("/fp/v1/venues/office", "GET") == "*")
    #expect(try await preflight("/v2/geosubmit", "POST") == nil)
    #expect(try await preflight("/fp/v1/venues/office", "PUT") == nil)
    #expect(try await preflight("/fp/v1/venues/office/surveys", "POST") == nil)
    #expect(try await preflight("/fp/v1/venues/office/radiomap:build", "POST") == nil)
    // A plain read from another origin carries the header.
    let (_, _, headers) = try await Conformance.send(
      "/fp/v1/venues?key=locate", method: .get, headers: [.origin: "https://example.org"])
    #expect(headers[.accessControlAllowOrigin] == "*")
  }
}
