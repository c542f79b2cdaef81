import Foundation
import Store

extension Digest {
  /// The record id of a survey scan sent without one: `sha256:` and the SHA-256 of its line.
  static func recordID(_ line: String) -> String { "sha256:" + hex(Data(line.utf8)) }
}
