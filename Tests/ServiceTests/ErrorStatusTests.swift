import FingerpostCore
import Foundation
import Hummingbird
import HummingbirdTesting
import JSON
import NIOCore
import Store
import TestSupport
import Testing

@testable import Service

/// Every kind of library error has one HTTP status, and the indoor endpoints answer with it,
/// the kind as the reason.
@Suite struct ErrorStatusTests {
  /// What each kind answers: a new kind fails here until its status is decided.
  static let expected: [FingerpostError.Kind: Int] = [
    .malformed: 400, .unreadable: 400, .invalidValue: 400, .missingField: 400,
    .notFound: 404, .mismatch: 409, .ambiguous: 409, .tooLarge: 413,
    .unsupportedVersion: 422, .noData: 422, .unreachable: 422, .unwritable: 503,
  ]

  @Test(arguments: FingerpostError.Kind.allCases)
  func eachKindHasItsStatus(_ kind: FingerpostError.Kind) throws {
    let status = try #require(Self.expected[kind], "no status decided for \(kind)")
    let error = FingerpostError(kind, file: "walk.ndjson", line: 3, field: "t", "is wrong")
    let answer = GeolocateError(error)
    #expect(answer.code == status)
    #expect(answer.reason == kind.rawValue)
    #expect(answer.message == "walk.ndjson:3: t: is wrong")
  }

  @Test func aLibraryErrorIsAnsweredWithItsKindsStatus() async throws {
    let folder = try TemporaryFolder("error-status")
    defer { folder.remove() }
    let service = try await ServiceFixture.fresh(
      in: folder, keys: [APIKey(key: "w", name: "w", writeVenues: ["campus"])])
    // A map file of a format this service does not read, and bytes that are no map at all.
    var oldFormat = Data("FPRADIOMAP\n".utf8)
    withUnsafeBytes(of: UInt32(3).littleEndian) { oldFormat.append(contentsOf: $0) }
    oldFormat.append(Data(repeating: 0, count: 64))
    let cases: [(body: Data, status: HTTPResponse.Status, reason: String)] = [
      (oldFormat, .unprocessableContent, "unsupportedVersion"),
      (Data("not a map".utf8), .badRequest, "malformed"),
    ]
    try await service.router().buildApplication().test(.router) { client in
      for (body, status, reason) in cases {
        try await client.execute(
          uri: "/fp/v1/venues/campus/radiomap?key=w", method: .put,
          body: ByteBuffer(bytes: body)
        ) { response in
          #expect(response.status == status)
          let json = try JSONParser.parse(Data(buffer: response.body))
          let first = json["error"]?["errors"]?.arrayValue?.first
          #expect(first?["reason"]?.stringValue == reason)
          #expect(json["error"]?["code"]?.intValue == Int(status.code))
        }
      }
    }
  }
}
