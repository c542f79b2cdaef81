import CompressNIO
import Foundation
import Hummingbird
import JSON
import NIOCore

extension Request {
  /// The whole body, gzip-decoded when `Content-Encoding: gzip`, at most `limit` bytes either
  /// way; else `tooLarge`, or `parseError` for a body that is not gzip.
  func payload(upTo limit: Int) async throws(GeolocateError) -> Data {
    var buffer: ByteBuffer
    do {
      buffer = try await body.collect(upTo: limit)
    } catch {
      throw .tooLarge(limit)
    }
    let encoding = headers[.contentEncoding]?.lowercased() ?? "identity"
    if encoding == "gzip" || encoding == "x-gzip" {
      do {
        buffer = try buffer.decompress(with: .gzip(), maxSize: limit)
      } catch let error as CompressNIOError where error == .bufferOverflow {
        throw .tooLarge(limit)
      } catch {
        throw .parseError("the body is not valid gzip (\(error))")
      }
    } else if encoding != "identity" {
      throw .parseError("Content-Encoding \(encoding) is not supported (gzip is)")
    }
    return Data(buffer: buffer)
  }
}

extension JSONValue {
  /// A request body's JSON, parsed within `limits`: `tooManyValues` (413) beyond its count of
  /// values, `parseError` (400, with line and column) for anything else.
  static func body(_ data: Data, limits: JSONParser.Limits) throws(GeolocateError) -> JSONValue {
    do {
      return try JSONParser.parse(data, limits: limits)
    } catch {
      if error.reason == "more than \(limits.values) values" { throw .tooManyValues(limits.values) }
      throw .parseError("not JSON (line \(error.line), column \(error.column): \(error.reason))")
    }
  }
}
