import CompressNIO
import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Testing

/// `/v1/geolocate` behaves as ichnaea documents and tests it (ichnaea/api/locate/tests): the
/// methods, empty and odd bodies, keys and limits, unknown and too few networks, duplicate and
/// malformed MAC addresses, gzip bodies and CORS, and Google's error body throughout.
@Suite struct GeolocateConformanceTests {
  /// Sends one request and hands back the status and the body parsed as JSON.
  static func send(
    _ uri: String, method: HTTPRequest.Method = .post, body: ByteBuffer? = nil,
    headers: HTTPFields = [:]
  ) async throws -> (status: Int, json: JSONValue?, headers: HTTPFields) {
    let fixture = try await ServiceFixture.shared.value
    return try await fixture.service.router().buildApplication().test(.router) { client in
      try await client.execute(uri: uri, method: method, headers: headers, body: body) {
        (Int($0.status.code), try? JSONParser.parse(Data(buffer: $0.body)), $0.headers)
      }
    }
  }

  static func reason(_ json: JSONValue?) -> String? {
    json?["error"]?["errors"]?.arrayValue?.first?["reason"]?.stringValue
  }

  /// The error body has Google's shape: the code twice, one entry with domain, reason, message.
  static func expectErrorBody(_ json: JSONValue?, code: Int, reason: String) {
    #expect(json?["error"]?["code"]?.intValue == code)
    #expect(Self.reason(json) == reason)
    #expect(json?["error"]?["message"]?.stringValue?.isEmpty == false)
    #expect(json?["error"]?["errors"]?.arrayValue?.first?["domain"]?.stringValue?.isEmpty == false)
  }

  @Test func aScanOfKnownNetworksIsLocatedInTheVenueWithItsIndoorBlock() async throws {
    let fixture = try await ServiceFixture.shared.value
    let body = ServiceFixture.body(fixture.scans[0])
    let (status, json, _) = try await Self.send(
      "/v1/geolocate?key=locate", body: ByteBuffer(string: body))
    #expect(status == 200)
    let lat = try #require(json?["location"]?["lat"]?.doubleValue)
    let lng = try #require(json?["location"]?["lng"]?.doubleValue)
    // The office is in Helsinki, about 60.17 N 24.94 E.
    #expect(abs(lat - 60.17) < 0.01 && abs(lng - 24.939) < 0.01)
    #expect((json?["accuracy"]?.doubleValue ?? 0) > 0)
    #expect(json?["indoor"]?["venue"]?.stringValue == "office")
    #expect(json?["indoor"]?["ordinal"]?.intValue != nil)
    #expect(json?["indoor"]?["level_id"]?.stringValue != nil)
    #expect(json?["location"]?["altitude"] == nil)
  }

  @Test func otherMethodsAre405WithAnAllowHeader() async throws {
    for method in [HTTPRequest.Method.get, .put, .delete] {
      let (status, json, headers) = try await Self.send("/v1/geolocate?key=locate", method: method)
      #expect(status == 405)
      #expect(headers[.allow] == "POST, OPTIONS")
      Self.expectErrorBody(json, code: 405, reason: "methodNotAllowed")
    }
  }

  @Test func emptyAndEmptyObjectBodiesAreNotFound() async throws {
    for body in ["", "{}", #"{"wifiAccessPoints": []}"#, #"{"considerIp": true}"#] {
      let (status, json, _) = try await Self.send(
        "/v1/geolocate?key=locate", body: ByteBuffer(string: body))
      #expect(status == 404, "\(body)")
      Self.expectErrorBody(json, code: 404, reason: "notFound")
    }
  }

  @Test func bodiesThatAreNotARequestAreParseErrors() async throws {
    for body in ["not json", "[1]", "\"text\"", #"{"wifiAccessPoints": 5}"#, "{\"a\": "] {
      let (status, json, _) = try await Self.send(
        "/v1/geolocate?key=locate", body: ByteBuffer(string: body))
      #expect(status == 400, "\(body)")
      Self.expectErrorBody(json, code: 400, reason: "parseError")
    }
  }

  @Test func missingUnknownRevokedAndLocateLessKeysAreInvalid() async throws {
    let fixture = try await ServiceFixture.shared.value
    let body = ServiceFixture.body(fixture.scans[0])
    for uri in [
      "/v1/geolocate", "/v1/geolocate?key=", "/v1/geolocate?key=nope",
      "/v1/geolocate?key=revoked",
    ] {
      let (status, json, _) = try await Self.send(uri, body: ByteBuffer(string: body))
      #expect(status == 400, "\(uri)")
      Self.expectErrorBody(json, code: 400, reason: "keyInvalid")
    }
  }

  @Test func aKeyOverItsDailyLimitIsRefused() async throws {
    let fixture = try await ServiceFixture.shared.value
    let body = ServiceFixture.body(fixture.scans[1])
    var statuses: [Int] = []
    for _ in 0..<4 {
      statuses.append(
        try await Self.send("/v1/geolocate?key=limited", body: ByteBuffer(string: body)).status)
    }
    #expect(statuses == [200, 200, 403, 403])
    let (_, json, _) = try await Self.send(
      "/v1/geolocate?key=limited", body: ByteBuffer(string: body))
    Self.expectErrorBody(json, code: 403, reason: "dailyLimitExceeded")
  }

  @Test func unknownNetworksAndASingleNetworkAreNotFound() async throws {
    let fixture = try await ServiceFixture.shared.value
    let unknown = [("12:34:56:78:9a:bc", -50.0), ("12:34:56:78:9a:bd", -60.0)]
    for networks in [unknown, Array(fixture.scans[0].prefix(1))] {
      let (status, json, _) = try await Self.send(
        "/v1/geolocate?key=locate", body: ByteBuffer(string: ServiceFixture.body(networks)))
      #expect(status == 404)
      Self.expectErrorBody(json, code: 404, reason: "notFound")
    }
  }

  @Test func macsInAnyCaseAndSeparatorLocateTheSame() async throws {
    let fixture = try await ServiceFixture.shared.value
    let scan = fixture.scans[2]
    let plain = try await Self.send(
      "/v1/geolocate?key=locate", body: ByteBuffer(string: ServiceFixture.body(scan)))
    let styled = scan.enumerated().map { k, network in
      let mac = network.mac.uppercased()
      return (
        mac: k % 3 == 0
          ? mac
          : k % 3 == 1
            ? mac.replacingOccurrences(of: ":", with: "-")
            : mac.replacingOccurrences(of: ":", with: ""),
        rssi: network.rssi
      )
    }
    let other = try await Self.send(
      "/v1/geolocate?key=locate", body: ByteBuffer(string: ServiceFixture.body(styled)))
    #expect(plain.status == 200 && other.status == 200)
    #expect(plain.json?["location"] == other.json?["location"])
  }

  @Test func duplicateMacsKeepTheStrongestAndMalformedEntriesAreDropped() throws {
    let body = #"""
      {"wifiAccessPoints": [
        {"macAddress": "aa:bb:cc:00:00:01", "signalStrength": -80},
        {"macAddress": "AA-BB-CC-00-00-01", "signalStrength": -50},
        {"macAddress": "aabbcc000002", "signalStrength": -60},
        {"macAddress": "not a mac", "signalStrength": -60},
        {"macAddress": "aa:bb:cc:00:00", "signalStrength": -60},
        {"macAddress": "aa:bb:cc:00:00:03"},
        {"macAddress": "aa:bb:cc:00:00:04", "signalStrength": "loud"},
        {"macAddress": "aa:bb:cc:00:00:05", "signalStrength": -70, "ssid": "lab_nomap"},
        {"macAddress": "00:00:00:00:00:00", "signalStrength": -60},
        5, null, "aa:bb:cc:00:00:06"
      ]}
      """#
    let request = try GeolocateRequest.parse(Data(body.utf8))
    #expect(request.wifi.map(\.bssid) == ["aa:bb:cc:00:00:01", "aa:bb:cc:00:00:02"])
    #expect(request.wifi.map(\.rssi) == [-50, -60])
    // Twelve entries: two networks kept, one duplicate merged, nine dropped.
    #expect(request.dropped == 9)
  }

  @Test func signalQualitiesInPercentAndNumericStringsAreRead() throws {
    let body = #"""
      {"wifiAccessPoints": [
        {"macAddress": "AA:BB:CC:00:00:01", "signalStrength": "100"},
        {"macAddress": "aa:bb:cc:00:00:02", "signalStrength": 50},
        {"macAddress": "aa:bb:cc:00:00:03", "signalStrength": "-63"},
        {"macAddress": "aa:bb:cc:00:00:04", "signalStrength": 1},
        {"macAddress": "aa:bb:cc:00:00:05", "signalStrength": 0},
        {"macAddress": "aa:bb:cc:00:00:06", "signalStrength": "101"},
        {"macAddress": "aa:bb:cc:00:00:07", "signalStrength": "nan"},
        {"macAddress": "aa:bb:cc:00:00:08", "signalStrength": -151},
        {"macAddress": "AA\\:BB\\:CC\\:00\\:00\\:09", "signalStrength": "-60"},
        {"macAddress": "AA\\\\:BB\\:CC\\:00\\:00\\:0a", "signalStrength": "-60"}
      ]}
      """#
    let request = try GeolocateRequest.parse(Data(body.utf8))
    // nmcli's escaped colons (`\:`, as mozloc sends them) are colons; nothing else is.
    #expect(request.wifi.map(\.bssid) == [1, 2, 3, 4, 9].map { "aa:bb:cc:00:00:0\($0)" })
    // NetworkManager's scale: 100 % is -40 dBm, 0 % is -100 dBm.
    let rssi = request.wifi.map(\.rssi)
    #expect(rssi.count == 5 && abs(rssi[0] + 40) < 1e-9 && abs(rssi[1] + 70) < 1e-9)
    #expect(rssi.count == 5 && rssi[2] == -63 && abs(rssi[3] + 99.4) < 1e-9)
    #expect(request.dropped == 5)
  }

  @Test func aScanSentAsNmcliPercentagesIsLocatedNearItsDBmAnswer() async throws {
    let fixture = try await ServiceFixture.shared.value
    let scan = fixture.scans[2]
    let plain = try await Self.send(
      "/v1/geolocate?key=locate", body: ByteBuffer(string: ServiceFixture.body(scan)))
    // mozloc sends nmcli's columns as strings: upper-case MACs with the colons still escaped
    // (`02\:FB\:…`, written `\\:` in JSON) and the signal quality in percent.
    let escaped = { (mac: String) in mac.uppercased().replacingOccurrences(of: ":", with: #"\\:"#) }
    let entries = scan.map { network in
      let percent = Int((min(max(network.rssi, -100), -40) + 100) / 0.6)
      return
        #"{"ssid": "office", "macAddress": "\#(escaped(network.mac))", "signalStrength": "\#(percent)"}"#
    }
    let body = #"{ "wifiAccessPoints":[\#(entries.joined(separator: ","))]}"#
    let percent = try await Self.send("/v1/geolocate?key=locate", body: ByteBuffer(string: body))
    #expect(plain.status == 200 && percent.status == 200)
    let a = try #require(plain.json?["location"])
    let b = try #require(percent.json?["location"])
    let north = ((a["lat"]?.doubleValue ?? 0) - (b["lat"]?.doubleValue ?? 90)) * 111_320
    let east =
      ((a["lng"]?.doubleValue ?? 0) - (b["lng"]?.doubleValue ?? 180)) * 111_320
      * cos(60.17 * .pi / 180)
    // Within a few metres: the scale clamps signals above -40 dBm and rounds to 0.6 dB.
    #expect((north * north + east * east).squareRoot() < 5)
  }

  @Test func aGzipBodyIsAccepted() async throws {
    let fixture = try await ServiceFixture.shared.value
    var plain = ByteBuffer(string: ServiceFixture.body(fixture.scans[3]))
    let zipped = try plain.compress(with: .gzip())
    let (status, json, _) = try await Self.send(
      "/v1/geolocate?key=locate", body: zipped, headers: [.contentEncoding: "gzip"])
    #expect(status == 200)
    #expect(json?["indoor"]?["venue"]?.stringValue == "office")
    let (bad, badJSON, _) = try await Self.send(
      "/v1/geolocate?key=locate", body: ByteBuffer(string: "plain"),
      headers: [.contentEncoding: "gzip"])
    #expect(bad == 400)
    Self.expectErrorBody(badJSON, code: 400, reason: "parseError")
  }

  @Test func aBodyOverTheLimitIs413() async throws {
    let big = ByteBuffer(repeating: UInt8(ascii: " "), count: (1 << 20) + 10)
    let (status, json, _) = try await Self.send("/v1/geolocate?key=locate", body: big)
    #expect(status == 413)
    Self.expectErrorBody(json, code: 413, reason: "requestTooLarge")
  }

  @Test func aCORSPreflightIsAnswered() async throws {
    let (status, _, headers) = try await Self.send(
      "/v1/geolocate", method: .options,
      headers: [.origin: "https://example.org", .accessControlRequestMethod: "POST"])
    #expect(status == 200 || status == 204)
    #expect(headers[.accessControlAllowOrigin] == "*")
    #expect(headers[.accessControlAllowMethods]?.contains("POST") == true)
  }
}
