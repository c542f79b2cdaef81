import Crypto
import Foundation

/// SHA-256 digests, as the service names survey records and map files by them.
enum Digest {
  /// The record id of a survey scan sent without one: `sha256:` and the SHA-256 of its line.
  static func recordID(_ line: String) -> String { "sha256:" + hex(Data(line.utf8)) }

  /// The SHA-256 of `bytes`, in hexadecimal.
  static func hex(_ bytes: Data) -> String {
    SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
  }
}
