import Crypto
import Foundation

/// SHA-256 digests in hexadecimal, as the store keeps API keys and the service names survey
/// records and map files.
public enum Digest {
  /// The SHA-256 of `bytes`, as 64 lowercase hexadecimal digits.
  public static func hex(_ bytes: Data) -> String {
    let digest = SHA256.hash(data: bytes)
    return String(unsafeUninitializedCapacity: 2 * SHA256.byteCount) { buffer in
      var i = 0
      for byte in digest {
        buffer[i] = hexDigits[Int(byte >> 4)]
        buffer[i + 1] = hexDigits[Int(byte & 0xF)]
        i += 2
      }
      return i
    }
  }

  /// The ASCII of 0…9 and a…f.
  public static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
