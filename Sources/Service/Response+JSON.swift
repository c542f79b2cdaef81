import Foundation
import Hummingbird
import NIOCore

extension Response {
  /// How the service writes its answers: Codable values, keys sorted, dates in ISO 8601.
  static func jsonData<T: Encodable>(_ value: T) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return (try? encoder.encode(value)) ?? Data("{}".utf8)
  }

  /// `value` as the service writes answers, as text.
  static func jsonText<T: Encodable>(_ value: T) -> String {
    String(decoding: jsonData(value), as: UTF8.self)
  }

  /// `value` as a JSON response with `status`.
  static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) -> Response {
    json(buffer: ByteBuffer(bytes: jsonData(value)), status: status)
  }

  /// JSON `text` as a response with `status`.
  static func json(text: String, status: HTTPResponse.Status = .ok) -> Response {
    json(buffer: ByteBuffer(string: text), status: status)
  }

  /// JSON bytes as a response with `status`.
  private static func json(buffer: ByteBuffer, status: HTTPResponse.Status) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: buffer))
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
