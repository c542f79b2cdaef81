import FingerpostCore
import Foundation
import Geometry
import Hummingbird
import Testing

@testable import Service

/// `/v1/geolocate`'s answer written by hand is the answer the Codable value encodes to.
@Suite struct GeolocationJSONTests {
  static func answer(
    unit: (id: String, name: String)?, building: String? = "b-1", level: String? = "l-1",
    position: Point = Point(x: 12.345, y: -7), accuracy: Double = 3,
    coordinate: GeoCoordinate = GeoCoordinate(longitude: 2.1741639, latitude: 41.3852825)
  ) -> Geolocation {
    Geolocation(
      fix: Fix(
        t: 0, position: position, coordinate: coordinate, ordinal: -1, levelID: level,
        building: building, unitID: unit?.id, unitName: unit?.name, accuracy: accuracy),
      venue: "mall")!
  }

  static let plain: [Geolocation] = [
    answer(unit: ("u-7", "Café Nord")),
    answer(unit: nil, building: nil, level: nil),
    answer(unit: ("u-1", "Shop 12"), position: Point(x: 0, y: 1e-3), accuracy: 120.25),
    answer(
      unit: ("u-2", "Gate"), position: Point(x: -1e6, y: 123_456.78), accuracy: 1,
      coordinate: GeoCoordinate(longitude: -0.0000001, latitude: -33.8)),
  ]

  @Test(arguments: plain)
  func itIsByteForByteWhatTheEncoderWrites(answer: Geolocation) {
    #expect(answer.json == String(decoding: Response.jsonData(answer), as: UTF8.self))
  }

  @Test func namesThatNeedEscapesReadBackTheSame() throws {
    for name in [#"Shop "A" / B"#, "back\\slash", "tab\there\nline\u{1}\u{8}\u{C}", "雑貨 🛍"] {
      let answer = Self.answer(unit: ("u/\(name)", name))
      let back = try JSONDecoder().decode(Geolocation.self, from: Data(answer.json.utf8))
      #expect(back == answer)
    }
    #expect(Self.answer(unit: ("a/b", "c")).json.contains(#""unit_id":"a\/b""#))
  }
}
