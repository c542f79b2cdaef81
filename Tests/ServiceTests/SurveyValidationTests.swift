import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Service
import Testing

/// A survey append is stored only when every scan can be read back and used: UTF-8 text, a level
/// the venue has, and MAC addresses for BSSIDs; otherwise 400 naming the line, and nothing is
/// stored.
@Suite struct SurveyValidationTests {
  static func scan(_ body: String) -> String {
    #"{"type":"scan","t":1,"device":"p","x":3,"y":2,"# + body + "}"
  }

  @Test func scansThatCannotBeReadBackOrUsedAreRefusedNamingTheirLine() async throws {
    let fixture = try await ServiceFixture.shared.value
    let good = Self.scan(#""ordinal":0,"readings":[["02:aa:00:00:00:01",-60]]"#)
    let cases: [(String, [UInt8], String)] = [
      (
        "invalid UTF-8",
        Array((good + "\n").utf8) + Array(#"{"type":"scan","device":"p"#.utf8) + [0xff, 0xfe]
          + Array(#"","t":1,"x":3,"y":2,"ordinal":0,"readings":[]}"#.utf8),
        "request body:2: not UTF-8 text"
      ),
      (
        "an unknown level id",
        Array(
          (good + "\n" + Self.scan(#""level":"nowhere","readings":[["02:aa:00:00:00:01",-60]]"#))
            .utf8),
        "request body:2: level \"nowhere\" is not one of the venue's"
      ),
      (
        "an unknown ordinal",
        Array(Self.scan(#""ordinal":40,"readings":[["02:aa:00:00:00:01",-60]]"#).utf8),
        "request body:1: ordinal 40 is not one of the venue's levels"
      ),
      (
        "a BSSID that is no MAC address",
        Array(Self.scan(#""ordinal":0,"readings":[["02:aa:00:00:00:01",-60],["ap-7",-70]]"#).utf8),
        "request body:1: readings[1]: \"ap-7\" is not a MAC address"
      ),
    ]
    let before = try await fixture.service.store.surveyLines(venue: "office").count
    try await fixture.service.router().buildApplication().test(.router) { client in
      for (name, body, message) in cases {
        try await client.execute(
          uri: "/fp/v1/venues/office/surveys?key=writer", method: .post,
          body: ByteBuffer(bytes: body)
        ) { response in
          #expect(response.status == .badRequest, "\(name)")
          let json = try JSONParser.parse(Data(buffer: response.body))
          let said = json["error"]?["message"]?.stringValue ?? ""
          #expect(said.contains(message), "\(name): \(said)")
        }
      }
    }
    #expect(try await fixture.service.store.surveyLines(venue: "office").count == before)
  }
}
