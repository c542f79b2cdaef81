import Foundation
import Hummingbird
import NIOCore

extension Response {
  /// `value` as a JSON response with `status`.
  static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return Response(
      status: status, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// The geolocation API's error body for `error`.
  static func error(_ error: GeolocateError) -> Response {
    var response = json(error.body, status: .init(code: error.code))
    if error.code == 405 { response.headers[.allow] = "POST, OPTIONS" }
    // The key goes in the query (`?key=`), as Google's API takes it.
    if error.code == 401 { response.headers[.wwwAuthenticate] = #"APIKey realm="fingerpost""# }
    if let seconds = error.retryAfter { response.headers[.retryAfter] = String(seconds) }
    return response
  }
}
