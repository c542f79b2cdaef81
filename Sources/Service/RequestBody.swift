import CompressNIO
import Foundation
import Hummingbird
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
